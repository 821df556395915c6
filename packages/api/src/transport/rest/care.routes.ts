import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Deps } from '../../deps';
import { readerOf as readerOfRequest } from '../operations/rest-operations';
import { fhirRoutes } from './fhir.routes';

/**
 * FHIR R4 (measurements, thresholds, alerts, schedules, tasks, photos and API keys are declared
 * operations, in their features' *.operations.ts).
 */
export function careRoutes(app: FastifyInstance, deps: Deps) {
  const readerOf = (req: FastifyRequest) => readerOfRequest(deps, req);
  void app.register(fhirRoutes(deps, readerOf), { prefix: '/fhir/R4' });
}
