import type { Deps } from '@opencare/api/deps';
import { loggableError } from '@opencare/api/transport/http-errors';

/** Stops the timer and resolves once the round under way, if any, has finished. */
export type StopPeriodic = () => Promise<void>;

/**
 * Runs `round` every `everyMs` on this edge: never two rounds at once, never keeping the process
 * alive, and a failed round is logged (by `describe`, which must not put a message that may carry
 * personal data in the log) and only waits for the next. The stop waits for the round under way, so
 * the edge closes its database and Redis only after it: a round cut off by its own edge closing
 * would fail for nothing.
 */
export function startPeriodic(
  deps: Pick<Deps, 'log'>,
  everyMs: number,
  failed: string,
  round: () => Promise<unknown>,
  describe: (error: unknown) => Record<string, unknown> = loggableError,
): StopPeriodic {
  let running: Promise<void> | null = null;
  const timer = setInterval(() => {
    if (running) return;
    running = round()
      .then(
        () => undefined,
        (error: unknown) => deps.log.warn(describe(error), failed),
      )
      .finally(() => {
        running = null;
      });
  }, everyMs);
  timer.unref();
  return async () => {
    clearInterval(timer);
    await running;
  };
}
