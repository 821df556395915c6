import { pino, type Logger as PinoLogger } from 'pino';

export type Logger = PinoLogger;

/**
 * JSON lines on stdout: journald keeps them (`journalctl -u opencare-gateway-agent -o cat`). Logs
 * carry ids, counts and states, never a reading's values or a token: patient data stays out of them.
 */
export function createLogger(level: string, destination?: NodeJS.WritableStream): Logger {
  return pino(
    {
      level,
      base: { app: 'gateway-agent' },
      redact: { paths: ['token', '*.token', 'password', '*.password', 'values', '*.values'], censor: '[hidden]' },
    },
    destination ?? pino.destination({ dest: 1, sync: true }),
  );
}

export const silentLogger = (): Logger => pino({ level: 'silent' });
