import { describe, expect, it } from 'vitest';
import { encodeFloatRaw, encodeSfloatRaw, floatFromRaw, sfloatFromRaw } from './ieee11073';
import { ByteReader } from './byte-reader';

const number = (value: number) => ({ kind: 'number', value });
const special = (name: string) => ({ kind: 'special', special: name });

describe('SFLOAT (IEEE 11073-20601, 16 bit)', () => {
  it.each([
    [0x0072, 114], // mantissa 114, exponent 0
    [0xf06e, 11], // 110 × 10^-1
    [0xe1f4, 5], // 500 × 10^-2
    [0xb05f, 0.00095], // 95 × 10^-5 (a glucose concentration in kg/L)
    [0x1001, 10], // 1 × 10^1
    [0x0fff, -1], // mantissa is signed: 0xFFF is -1
    [0xff9c, -10], // -100 × 10^-1
    [0x07fd, 2045], // the largest mantissa that is a number
  ])('0x%s decodes to %s', (raw, value) => {
    expect(sfloatFromRaw(raw)).toEqual(number(value));
  });

  it.each([
    [0x07ff, 'NaN'],
    [0x0800, 'NRes'],
    [0x07fe, '+INF'],
    [0x0802, '-INF'],
    [0x0801, 'reserved'],
  ])('0x%s is the special value %s, not a number', (raw, name) => {
    expect(sfloatFromRaw(raw)).toEqual(special(name));
  });

  it('is read little-endian from the wire', () => {
    expect(new ByteReader(Buffer.from([0x6e, 0xf0]), 'test').sfloat('x')).toEqual(number(11));
  });

  it.each([114, 11, 36.6, 0.00095, 0.0055, 120, -10, 190, 2045])('round-trips %s', (value) => {
    expect(sfloatFromRaw(encodeSfloatRaw(value))).toEqual(number(value));
  });

  it('never encodes a number as a special value', () => {
    const raw = encodeSfloatRaw(2047);
    expect(sfloatFromRaw(raw).kind).toBe('number');
  });
});

describe('FLOAT (IEEE 11073-20601, 32 bit)', () => {
  it.each([
    [0xff00016e, 36.6], // the Health Thermometer example: 366 × 10^-1
    [0xfe000e4f, 36.63], // 3663 × 10^-2
    [0x00000072, 114],
    [0xfffffff6, -1], // -10 × 10^-1
    [0x0200000f, 1500], // 15 × 10^2
  ])('0x%s decodes to %s', (raw, value) => {
    expect(floatFromRaw(raw)).toEqual(number(value));
  });

  it.each([
    [0x007fffff, 'NaN'],
    [0x00800000, 'NRes'],
    [0x007ffffe, '+INF'],
    [0x00800002, '-INF'],
    [0x00800001, 'reserved'],
  ])('0x%s is the special value %s', (raw, name) => {
    expect(floatFromRaw(raw)).toEqual(special(name));
  });

  it('is read little-endian from the wire: 6E 01 00 FF is 36.6', () => {
    expect(new ByteReader(Buffer.from([0x6e, 0x01, 0x00, 0xff]), 'test').float('x')).toEqual(number(36.6));
  });

  it.each([36.6, 98.6, 37.25, -40, 0.001])('round-trips %s', (value) => {
    expect(floatFromRaw(encodeFloatRaw(value))).toEqual(number(value));
  });
  it('encodes 36.6 as the spec example does', () => {
    expect(encodeFloatRaw(36.6)).toBe(0xff00016e);
  });
});
