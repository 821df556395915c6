/**
 * postgres.js 3.4.9 (the newest release) can throw from its own timer or socket handler after
 * PostgreSQL closed a connection: `nextWrite` writes to a socket it has already set to null
 * (porsager/postgres#1154 and #1208; fixes proposed in #1168 and #1209, not released). Nothing can
 * catch it, so it ended the edge when PostgreSQL restarted under load: the failover test saw one
 * edge exit with it. By then the driver has failed that connection's queries and reconnects, so this
 * one error is logged and survived. Any other uncaught exception still ends the process, as
 * Node's default does. Remove once a postgres release guards `nextWrite`.
 */

export function isDriverWriteAfterClose(error: unknown): boolean {
  return (
    error instanceof TypeError &&
    error.message === "Cannot read properties of null (reading 'write')" &&
    /nextWrite/.test(error.stack ?? '') &&
    /[\\/]postgres[\\/]src[\\/]connection\.js/.test(error.stack ?? '')
  );
}

interface GuardLog {
  warn(obj: object, msg: string): void;
}

/** Installed by the edge's own process (server.ts), never by a test runner's. */
export function surviveDriverWriteAfterClose(log: GuardLog, exit: (code: number) => void = (code) => process.exit(code)): void {
  process.on('uncaughtException', (error) => {
    if (isDriverWriteAfterClose(error)) {
      log.warn({ err: { type: 'TypeError', message: error.message } }, 'PostgreSQL connection closed while the driver was writing to it; the driver reconnects');
      return;
    }
    console.error(error);
    exit(1);
  });
}
