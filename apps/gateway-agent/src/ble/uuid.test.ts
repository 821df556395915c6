import { describe, expect, it } from 'vitest';
import { normaliseUuid, sameUuid, toLongUuid, toNobleUuid } from './uuid';

describe('Bluetooth UUIDs', () => {
  it('spells 16-bit UUIDs as 4 upper-case hex digits, from any form', () => {
    expect(normaliseUuid('2a35')).toBe('2A35');
    expect(normaliseUuid('0x2a35')).toBe('2A35');
    expect(normaliseUuid('00002a35-0000-1000-8000-00805f9b34fb')).toBe('2A35');
    expect(normaliseUuid('00002a3500001000800000805f9b34fb')).toBe('2A35');
  });

  it('keeps vendor 128-bit UUIDs whole, upper case with dashes', () => {
    expect(normaliseUuid('6e400001b5a3f393e0a9e50e24dcca9e')).toBe('6E400001-B5A3-F393-E0A9-E50E24DCCA9E');
    // 32-bit on the SIG base is not a 16-bit one.
    expect(normaliseUuid('12345678')).toBe('12345678-0000-1000-8000-00805F9B34FB');
  });

  it('expands 16-bit to the SIG base UUID', () => {
    expect(toLongUuid('180f')).toBe('0000180F-0000-1000-8000-00805F9B34FB');
  });

  it('compares any spellings and writes noble’s', () => {
    expect(sameUuid('180A', '0000180a-0000-1000-8000-00805f9b34fb')).toBe(true);
    expect(sameUuid('180A', '180B')).toBe(false);
    expect(toNobleUuid('0000180A-0000-1000-8000-00805F9B34FB')).toBe('180a');
  });

  it('refuses what is not a UUID', () => {
    expect(() => normaliseUuid('xyz')).toThrow(/Not a Bluetooth UUID/);
  });
});
