import type { Deps } from '@opencare/api/deps';
import { deliverSubscriptions } from '@opencare/api/fhir/subscriptions.service';
import { startPeriodic, type StopPeriodic } from './periodic';

const EVERY_MS = 2_000;

/**
 * Every two seconds, the FHIR subscriptions' notifications. Every edge runs this: each subscription
 * is leased in the database, so one edge at a time delivers it, and its cursor is moved only after a
 * delivery, so an edge stopping mid-way loses nothing. Failures are logged by name only (an
 * endpoint's address may say whose system it is).
 */
export function startSubscriptionTimer(deps: Deps, everyMs = EVERY_MS): StopPeriodic {
  return startPeriodic(deps, everyMs, 'FHIR subscription round failed', () => deliverSubscriptions(deps), (error) => ({ err: (error as Error).name }));
}
