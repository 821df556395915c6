import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { envelopeSchema, listMeta, listMetaSchema } from './envelope';

describe('listMeta', () => {
  it('computes the pages of a list', () => {
    expect(listMeta(45, 1, 20)).toEqual({
      total: 45,
      page: 1,
      pageSize: 20,
      totalPages: 3,
      hasNextPage: true,
      hasPreviousPage: false,
    });
  });

  it('has a previous page but no next one on the last page', () => {
    expect(listMeta(45, 3, 20)).toMatchObject({ totalPages: 3, hasNextPage: false, hasPreviousPage: true });
  });

  it('has both in the middle', () => {
    expect(listMeta(45, 2, 20)).toMatchObject({ hasNextPage: true, hasPreviousPage: true });
  });

  it('counts an exact multiple without an empty extra page', () => {
    expect(listMeta(40, 2, 20)).toMatchObject({ totalPages: 2, hasNextPage: false });
    expect(listMeta(41, 2, 20)).toMatchObject({ totalPages: 3, hasNextPage: true });
  });

  it('shows an empty list as one page with neither next nor previous', () => {
    expect(listMeta(0, 1, 20)).toEqual({
      total: 0,
      page: 1,
      pageSize: 20,
      totalPages: 1,
      hasNextPage: false,
      hasPreviousPage: false,
    });
  });

  it('offers a way back from a page past the end, but no next page', () => {
    expect(listMeta(5, 4, 20)).toMatchObject({ totalPages: 1, hasNextPage: false, hasPreviousPage: true });
  });

  it('produces meta the schema accepts', () => {
    expect(listMetaSchema.parse(listMeta(101, 3, 25))).toMatchObject({ totalPages: 5 });
  });
});

describe('listMetaSchema', () => {
  it('needs every field as whole numbers and booleans', () => {
    const meta = listMeta(10, 1, 5);
    expect(listMetaSchema.safeParse({ ...meta, page: 1.5 }).success).toBe(false);
    expect(listMetaSchema.safeParse({ ...meta, hasNextPage: 'yes' }).success).toBe(false);
    const { totalPages: _omit, ...missing } = meta;
    expect(listMetaSchema.safeParse(missing).success).toBe(false);
  });
});

describe('envelopeSchema', () => {
  const schema = envelopeSchema(z.object({ id: z.string() }));

  it('accepts success, message, optional key, data and optional meta', () => {
    expect(schema.safeParse({ success: true, message: 'OK', data: { id: 'a' } }).success).toBe(true);
    expect(
      schema.safeParse({
        success: true,
        message: 'OK',
        key: 'ok',
        data: { id: 'a' },
        meta: listMeta(1, 1, 20),
      }).success,
    ).toBe(true);
  });

  it('requires success and message, and checks data against its schema', () => {
    expect(schema.safeParse({ message: 'OK', data: { id: 'a' } }).success).toBe(false);
    expect(schema.safeParse({ success: true, data: { id: 'a' } }).success).toBe(false);
    expect(schema.safeParse({ success: true, message: 'OK', data: { id: 1 } }).success).toBe(false);
    expect(
      schema.safeParse({ success: true, message: 'OK', data: { id: 'a' }, meta: { total: 1 } }).success,
    ).toBe(false);
  });

  it('wraps a list with its meta', () => {
    const list = envelopeSchema(z.array(z.string()));
    const parsed = list.parse({ success: true, message: 'OK', data: ['a', 'b'], meta: listMeta(2, 1, 20) });
    expect(parsed.data).toEqual(['a', 'b']);
    expect(parsed.meta?.total).toBe(2);
  });
});
