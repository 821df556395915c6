import { describe, expect, it } from 'vitest';
import { decodeTaskValue, encodeTaskValue } from './task-values';

describe('write values by data type', () => {
  it.each([
    ['hex', '0101', '0101'],
    ['string', 'Hi', '4869'],
    ['integer', '5', '05'],
    ['integer', '255', 'ff'],
    ['integer', '256', '0001'],
    ['integer', '-1', 'ff'],
    ['integer', '-129', '7fff'],
    ['float', '36.6', Buffer.from(new Float32Array([36.6]).buffer).toString('hex')],
    ['boolean', 'true', '01'],
    ['boolean', 'false', '00'],
  ] as const)('%s %s is %s on the wire', (dataType, value, bytes) => {
    expect(encodeTaskValue(dataType, value).toString('hex')).toBe(bytes);
  });
});

describe('read values by data type', () => {
  it('reads strings without NUL padding, integers little-endian, floats, booleans and hex', () => {
    expect(decodeTaskValue('string', Buffer.from('Acme\0\0'))).toBe('Acme');
    expect(decodeTaskValue('integer', Buffer.from([0x64]))).toBe(100);
    expect(decodeTaskValue('integer', Buffer.from([0x00, 0x01]))).toBe(256);
    expect(decodeTaskValue('float', encodeTaskValue('float', '2.5'))).toBe(2.5);
    expect(decodeTaskValue('boolean', Buffer.from([0]))).toBe(false);
    expect(decodeTaskValue('hex', Buffer.from([0x0a, 0xff]))).toBe('0AFF');
  });
});
