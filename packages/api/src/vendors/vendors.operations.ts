import {
  companyIdentifierInputSchema,
  ouiInputSchema,
  updateVendorInputSchema,
  vendorInputSchema,
  vendorListQuerySchema,
  vendorSchema,
} from '@opencare/schemas/entities/devices';
import { companyIdentifierSchema, ouiSchema, uuidSchema } from '@opencare/schemas/rules';
import { z } from 'zod';
import { byIdSchema, changesById } from '../operations/common-inputs';
import { fromParts, operation, operations } from '../operations/operation';
import { addIdentifier, createVendor, deleteVendor, getVendor, listVendors, removeIdentifier, updateVendor } from './vendors.service';

const update = changesById(updateVendorInputSchema);
const byOui = z.strictObject({ id: uuidSchema, value: ouiSchema });
const byCompanyIdentifier = z.strictObject({ id: uuidSchema, value: companyIdentifierSchema });
const admin = { guard: 'authed', policy: 'admin', kind: 'vendor' } as const;

/** Vendors with their Bluetooth identifiers (OUIs, company identifiers): the organisation's catalogue, kept by its admins. */
export const vendorsOperations = operations('vendors', {
  list: operation({
    type: 'query',
    summary: "The organisation's vendors.",
    access: { guard: 'authed', policy: 'admin' },
    input: vendorListQuerySchema,
    output: vendorSchema,
    rest: [{ method: 'GET', path: '/vendors', input: 'query', list: true }],
    handler: ({ deps, actor }, input) => listVendors(deps, actor, input),
  }),
  create: operation({
    type: 'mutation',
    summary: 'A new vendor.',
    access: { guard: 'authed', policy: 'admin' },
    input: vendorInputSchema,
    output: vendorSchema,
    rest: [{ method: 'POST', path: '/vendors', input: 'body', status: 201, message: 'Vendor created.' }],
    handler: ({ deps, actor, meta }, input) => createVendor(deps, actor, meta, input),
  }),
  get: operation({
    type: 'query',
    summary: 'One vendor.',
    access: admin,
    input: byIdSchema,
    output: vendorSchema,
    rest: [{ method: 'GET', path: '/vendors/:id', input: 'params' }],
    handler: ({ deps, actor, meta }, input) => getVendor(deps, actor, meta, input.id),
  }),
  update: operation({
    type: 'mutation',
    summary: 'Change a vendor.',
    access: admin,
    input: update.input,
    output: vendorSchema,
    rest: [{ method: 'PATCH', path: '/vendors/:id', input: update.rest, message: 'Vendor saved.' }],
    handler: ({ deps, actor, meta }, input) => updateVendor(deps, actor, meta, input.id, input.changes),
  }),
  delete: operation({
    type: 'mutation',
    summary: 'Delete a vendor.',
    access: { ...admin, destructive: true },
    input: byIdSchema,
    output: z.null(),
    rest: [{ method: 'DELETE', path: '/vendors/:id', input: 'params', message: 'Vendor deleted.' }],
    handler: async ({ deps, actor, meta }, input) => {
      await deleteVendor(deps, actor, meta, input.id);
      return null;
    },
  }),
  addOui: operation({
    type: 'mutation',
    summary: "Add a Bluetooth OUI to a vendor's identifiers.",
    access: admin,
    input: byOui,
    output: vendorSchema,
    rest: [
      {
        method: 'POST',
        path: '/vendors/:id/ouis',
        input: fromParts({ params: byIdSchema, body: ouiInputSchema, map: ({ params, body }) => ({ id: params.id, value: body.oui }) }),
        status: 201,
        message: 'Vendor identifier added.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => addIdentifier(deps, actor, meta, input.id, 'oui', input.value),
  }),
  removeOui: operation({
    type: 'mutation',
    summary: "Remove a Bluetooth OUI from a vendor's identifiers.",
    access: admin,
    input: byOui,
    output: vendorSchema,
    rest: [{ method: 'DELETE', path: '/vendors/:id/ouis/:value', input: 'params', message: 'Vendor identifier removed.' }],
    handler: ({ deps, actor, meta }, input) => removeIdentifier(deps, actor, meta, input.id, 'oui', input.value),
  }),
  addCompanyIdentifier: operation({
    type: 'mutation',
    summary: "Add a Bluetooth company identifier to a vendor's identifiers.",
    access: admin,
    input: byCompanyIdentifier,
    output: vendorSchema,
    rest: [
      {
        method: 'POST',
        path: '/vendors/:id/company-identifiers',
        input: fromParts({
          params: byIdSchema,
          body: companyIdentifierInputSchema,
          map: ({ params, body }) => ({ id: params.id, value: body.companyIdentifier }),
        }),
        status: 201,
        message: 'Company identifier added.',
      },
    ],
    handler: ({ deps, actor, meta }, input) => addIdentifier(deps, actor, meta, input.id, 'company', input.value),
  }),
  removeCompanyIdentifier: operation({
    type: 'mutation',
    summary: "Remove a Bluetooth company identifier from a vendor's identifiers.",
    access: admin,
    input: byCompanyIdentifier,
    output: vendorSchema,
    rest: [{ method: 'DELETE', path: '/vendors/:id/company-identifiers/:value', input: 'params', message: 'Company identifier removed.' }],
    handler: ({ deps, actor, meta }, input) => removeIdentifier(deps, actor, meta, input.id, 'company', input.value),
  }),
});
