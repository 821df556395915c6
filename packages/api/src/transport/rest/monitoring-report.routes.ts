import { monitoringReportQuerySchema } from '@opencare/schemas/entities/monitoring-report';
import type { FastifyInstance } from 'fastify';
import type { Deps } from '../../deps';
import { parseInput } from '../../errors/app-error';
import { monitoringReportExport } from '../../monitoring-report/monitoring-report.service';
import { requestMetaOf } from '../http-request';
import { authenticate } from './rest-kit';

/**
 * The monthly report as a CSV file for billers (declared in monitoring-report.operations.ts,
 * custom): REST answers the file itself, so a spreadsheet or a billing system reads it as it is.
 */
export function monitoringReportRoutes(app: FastifyInstance, deps: Deps) {
  app.get('/monitoring-report/csv', async (req, reply) => {
    const actor = await authenticate(deps, req);
    const { month } = parseInput(monitoringReportQuerySchema, req.query);
    const { filename, csv } = await monitoringReportExport(deps, actor, requestMetaOf(req), month);
    return reply
      .status(200)
      .header('Content-Type', 'text/csv; charset=utf-8')
      .header('Content-Disposition', `attachment; filename="${filename}"`)
      .header('Cache-Control', 'private, no-store')
      .header('X-Content-Type-Options', 'nosniff')
      .send(csv);
  });
}
