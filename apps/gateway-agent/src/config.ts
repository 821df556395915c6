import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { AgentEnv } from './env';

/*
 * The agent's settings, from (highest first) command-line flags, environment variables, the JSON
 * config file and the defaults below. Every value is validated once here; a bad one stops the
 * process with a message naming the field and where it came from (exit code 2), never a stack trace.
 */

export const DEFAULT_CONFIG_FILE = '/etc/opencare-gateway/config.json';
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent'] as const;

const port = z.coerce.number().int().min(0).max(65535);
export const configSchema = z.strictObject({
  /** The edge this gateway belongs to, like https://care.example.org. Needed by pair and run. */
  edgeUrl: z.url({ protocol: /^https?$/, error: 'must be an http(s) URL like https://care.example.org' }).optional(),
  /** Token, pairing code, queue and status file: systemd's StateDirectory. */
  dataDir: z.string().min(1).default('/var/lib/opencare-gateway'),
  transport: z.enum(['noble', 'simulator'], 'must be noble or simulator').default('noble'),
  /** The local status page on 127.0.0.1; 0 turns it off. */
  statusPort: port.default(8089),
  logLevel: z.enum(LOG_LEVELS, `must be one of ${LOG_LEVELS.join(', ')}`).default('info'),
  /** How often each paired device is read, in seconds. */
  readIntervalS: z.coerce.number().int().min(5).max(86_400).default(60),
  /**
   * The longest wait between two tries to reach the edge, in seconds (the waits double from 1 s,
   * with jitter). A gateway on the clinic's own network can come back sooner after an edge restart.
   */
  reconnectMaxS: z.coerce.number().int().min(1).max(3_600).default(30),
  /** This machine's MAC (12 hex digits); else the first non-internal network interface's. */
  mac: z
    .string()
    .transform((m) => m.replace(/[:-]/g, '').toUpperCase())
    .refine((m) => /^[0-9A-F]{12}$/.test(m), 'must have 12 hex digits')
    .optional(),
  displayName: z.string().trim().min(1).max(60).optional(),
  /** Reported to the edge when set; the agent does not look its public address up by itself. */
  publicIp: z.string().trim().max(64).optional(),
  queue: z
    .strictObject({
      /** Unacknowledged readings kept at most (queued + being sent). */
      maxReadings: z.coerce.number().int().min(100).max(10_000_000).default(50_000),
      /** Size of the queue log at most, in bytes, after acknowledged readings are pruned. */
      maxBytes: z.coerce.number().int().min(1_000_000).max(10_000_000_000).default(64 * 1024 * 1024),
    })
    .default({ maxReadings: 50_000, maxBytes: 64 * 1024 * 1024 }),
});
export type AgentConfig = z.infer<typeof configSchema>;

/** Flags as parsed from the command line (strings; validated with the rest). */
export interface ConfigFlags {
  config?: string;
  edge?: string;
  dataDir?: string;
  transport?: string;
  simulate?: boolean;
  statusPort?: string;
  logLevel?: string;
  readInterval?: string;
  mac?: string;
}

export class ConfigError extends Error {}

type Layer = Record<string, unknown>;

function fromEnv(env: AgentEnv): Layer {
  return {
    edgeUrl: env.OPENCARE_EDGE_URL,
    dataDir: env.OPENCARE_DATA_DIR,
    transport: env.OPENCARE_TRANSPORT,
    statusPort: env.OPENCARE_STATUS_PORT,
    logLevel: env.OPENCARE_LOG_LEVEL,
    readIntervalS: env.OPENCARE_READ_INTERVAL_S,
    reconnectMaxS: env.OPENCARE_RECONNECT_MAX_S,
    mac: env.OPENCARE_MAC,
    displayName: env.OPENCARE_DISPLAY_NAME,
    publicIp: env.OPENCARE_PUBLIC_IP,
    queue: { maxReadings: env.OPENCARE_QUEUE_MAX_READINGS, maxBytes: env.OPENCARE_QUEUE_MAX_BYTES },
  };
}

function fromFlags(flags: ConfigFlags): Layer {
  return {
    edgeUrl: flags.edge,
    dataDir: flags.dataDir,
    transport: flags.simulate ? 'simulator' : flags.transport,
    statusPort: flags.statusPort,
    logLevel: flags.logLevel,
    readIntervalS: flags.readInterval,
    mac: flags.mac,
  };
}

/** Later layers win; an undefined value never hides one from an earlier layer. */
function merge(...layers: Layer[]): Layer {
  const out: Layer = {};
  for (const layer of layers) {
    for (const [key, value] of Object.entries(layer)) {
      if (value === undefined) continue;
      if (value && typeof value === 'object' && !Array.isArray(value)) {
        out[key] = merge((out[key] as Layer | undefined) ?? {}, value as Layer);
      } else {
        out[key] = value;
      }
    }
  }
  return out;
}

function readConfigFile(path: string, explicit: boolean): Layer {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    // The default file is optional (env and flags may say everything); a file someone named is not.
    if (!explicit && (error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw new ConfigError(`Cannot read the config file ${path}: ${(error as Error).message}`);
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error('it must hold a JSON object');
    return parsed as Layer;
  } catch (error) {
    throw new ConfigError(`The config file ${path} is not valid JSON: ${(error as Error).message}`);
  }
}

const ENV_NAMES: Record<string, string> = {
  edgeUrl: 'OPENCARE_EDGE_URL / --edge',
  dataDir: 'OPENCARE_DATA_DIR / --data-dir',
  transport: 'OPENCARE_TRANSPORT / --transport',
  statusPort: 'OPENCARE_STATUS_PORT / --status-port',
  logLevel: 'OPENCARE_LOG_LEVEL / --log-level',
  readIntervalS: 'OPENCARE_READ_INTERVAL_S / --read-interval',
  reconnectMaxS: 'OPENCARE_RECONNECT_MAX_S',
  mac: 'OPENCARE_MAC / --mac',
  'queue.maxReadings': 'OPENCARE_QUEUE_MAX_READINGS',
  'queue.maxBytes': 'OPENCARE_QUEUE_MAX_BYTES',
};

/** Settings from flags > env > file > defaults; throws ConfigError naming the first bad field. */
export function loadConfig(flags: ConfigFlags, env: AgentEnv): { config: AgentConfig; file: string } {
  const explicit = flags.config ?? env.OPENCARE_CONFIG;
  const file = explicit ?? DEFAULT_CONFIG_FILE;
  const merged = merge(readConfigFile(file, explicit !== undefined), fromEnv(env), fromFlags(flags));
  const result = configSchema.safeParse(merged);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => {
      const field = issue.path.join('.') || '(config)';
      const where = ENV_NAMES[field] ? ` (config file "${field}", ${ENV_NAMES[field]})` : '';
      return `  ${field}${where}: ${issue.message}`;
    });
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  return { config: result.data, file };
}

/** pair and run cannot work without the edge's address. */
export function requireEdgeUrl(config: AgentConfig): string {
  if (!config.edgeUrl) {
    throw new ConfigError('Invalid configuration:\n  edgeUrl: missing. Give --edge https://…, OPENCARE_EDGE_URL, or "edgeUrl" in the config file.');
  }
  return config.edgeUrl.replace(/\/+$/, '');
}
