import type { Deps } from '@opencare/api/deps';
import { loggableError } from '@opencare/api/transport/http-errors';

/**
 * Runs `round` every `everyMs` on this edge: never two rounds at once, never keeping the process
 * alive, and a failed round is logged and only waits for the next. Returns the stop. (The task
 * reminder timer keeps its own loop: it logs only the error's name, as mail errors may carry
 * addresses.)
 */
export function startPeriodic(deps: Pick<Deps, 'log'>, everyMs: number, failed: string, round: () => Promise<unknown>): () => void {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    round()
      .catch((error: unknown) => deps.log.warn({ ...loggableError(error) }, failed))
      .finally(() => {
        running = false;
      });
  }, everyMs);
  timer.unref();
  return () => clearInterval(timer);
}
