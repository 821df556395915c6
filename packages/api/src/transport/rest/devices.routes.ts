import {
  companyIdentifierInputSchema,
  deviceProfileInputSchema,
  deviceProfileListQuerySchema,
  ouiInputSchema,
  updateDeviceProfileInputSchema,
  updateVendorInputSchema,
  vendorInputSchema,
  vendorListQuerySchema,
} from '@opencare/schemas/entities/devices';
import { companyIdentifierSchema, ouiSchema, uuidSchema } from '@opencare/schemas/rules';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../../deps';
import {
  completeDeviceProfile,
  createDeviceProfile,
  deleteDeviceProfile,
  duplicateDeviceProfile,
  getDeviceProfile,
  listDeviceProfiles,
  listDeviceProfileVersions,
  updateDeviceProfile,
} from '../../device-profiles/device-profiles.service';
import { parseInput } from '../../errors/app-error';
import {
  addIdentifier,
  createVendor,
  deleteVendor,
  getVendor,
  listVendors,
  removeIdentifier,
  updateVendor,
} from '../../vendors/vendors.service';
import { requestMetaOf } from '../http-request';
import { authenticate, ok } from './rest-kit';

const idParams = z.strictObject({ id: uuidSchema });

/** Vendors with their Bluetooth identifiers, and device profiles: admin only. */
export function deviceRoutes(app: FastifyInstance, deps: Deps) {
  const who = async (req: FastifyRequest) => ({
    actor: await authenticate(deps, req),
    meta: requestMetaOf(req),
  });
  const idOf = (req: FastifyRequest) => parseInput(idParams, req.params).id;

  app.get('/vendors', async (req, reply) => {
    const { actor } = await who(req);
    const result = await listVendors(deps, actor, parseInput(vendorListQuerySchema, req.query));
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.post('/vendors', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(
      reply,
      await createVendor(deps, actor, meta, parseInput(vendorInputSchema, req.body)),
      'Vendor created.',
      { status: 201 },
    );
  });
  app.get('/vendors/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getVendor(deps, actor, meta, idOf(req)));
  });
  app.patch('/vendors/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(
      reply,
      await updateVendor(deps, actor, meta, idOf(req), parseInput(updateVendorInputSchema, req.body)),
      'Vendor saved.',
    );
  });
  app.delete('/vendors/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    await deleteVendor(deps, actor, meta, idOf(req));
    return ok(reply, null, 'Vendor deleted.');
  });
  app.post('/vendors/:id/ouis', async (req, reply) => {
    const { actor, meta } = await who(req);
    const { oui } = parseInput(ouiInputSchema, req.body);
    return ok(
      reply,
      await addIdentifier(deps, actor, meta, idOf(req), 'oui', oui),
      'Vendor identifier added.',
      { status: 201 },
    );
  });
  app.delete('/vendors/:id/ouis/:value', async (req, reply) => {
    const { actor, meta } = await who(req);
    const { id, value } = parseInput(z.strictObject({ id: uuidSchema, value: ouiSchema }), req.params);
    return ok(
      reply,
      await removeIdentifier(deps, actor, meta, id, 'oui', value),
      'Vendor identifier removed.',
    );
  });
  app.post('/vendors/:id/company-identifiers', async (req, reply) => {
    const { actor, meta } = await who(req);
    const { companyIdentifier } = parseInput(companyIdentifierInputSchema, req.body);
    return ok(
      reply,
      await addIdentifier(deps, actor, meta, idOf(req), 'company', companyIdentifier),
      'Company identifier added.',
      { status: 201 },
    );
  });
  app.delete('/vendors/:id/company-identifiers/:value', async (req, reply) => {
    const { actor, meta } = await who(req);
    const { id, value } = parseInput(
      z.strictObject({ id: uuidSchema, value: companyIdentifierSchema }),
      req.params,
    );
    return ok(
      reply,
      await removeIdentifier(deps, actor, meta, id, 'company', value),
      'Company identifier removed.',
    );
  });

  app.get('/device-profiles', async (req, reply) => {
    const { actor } = await who(req);
    const result = await listDeviceProfiles(deps, actor, parseInput(deviceProfileListQuerySchema, req.query));
    return ok(reply, result.items, 'OK', { meta: result.meta });
  });
  app.post('/device-profiles', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(deviceProfileInputSchema, req.body);
    return ok(reply, await createDeviceProfile(deps, actor, meta, input), 'Draft saved.', { status: 201 });
  });
  app.get('/device-profiles/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await getDeviceProfile(deps, actor, meta, idOf(req)));
  });
  app.patch('/device-profiles/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    const input = parseInput(updateDeviceProfileInputSchema, req.body);
    return ok(reply, await updateDeviceProfile(deps, actor, meta, idOf(req), input), 'Saved.');
  });
  app.post('/device-profiles/:id/complete', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await completeDeviceProfile(deps, actor, meta, idOf(req)), 'Profile complete.');
  });
  app.post('/device-profiles/:id/duplicate', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await duplicateDeviceProfile(deps, actor, meta, idOf(req)), 'Draft copy saved.', { status: 201 });
  });
  app.get('/device-profiles/:id/versions', async (req, reply) => {
    const { actor, meta } = await who(req);
    return ok(reply, await listDeviceProfileVersions(deps, actor, meta, idOf(req)));
  });
  app.delete('/device-profiles/:id', async (req, reply) => {
    const { actor, meta } = await who(req);
    await deleteDeviceProfile(deps, actor, meta, idOf(req));
    return ok(reply, null, 'Profile deleted.');
  });
}
