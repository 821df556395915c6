import type { GattDataType } from '@opencare/schemas/entities/devices';

/*
 * How a profile's data type maps to bytes (spec §3 device profile tasks), both ways. Integers are
 * little-endian as GATT sends them; floats are IEEE 754 single precision (a vendor characteristic,
 * not an IEEE-11073 one: those are decoded by characteristic in src/decoders).
 */

export type TaskValue = string | number | boolean;

export function decodeTaskValue(dataType: GattDataType, value: Buffer): TaskValue {
  switch (dataType) {
    case 'string':
      // Fixed-width string characteristics are often padded with NULs.
      return value.toString('utf8').replace(/\0+$/u, '').trim();
    case 'integer': {
      let result = 0;
      for (let i = Math.min(value.length, 6) - 1; i >= 0; i -= 1) result = result * 256 + (value[i] ?? 0);
      return result;
    }
    case 'float':
      if (value.length >= 8) return value.readDoubleLE(0);
      if (value.length >= 4) return value.readFloatLE(0);
      return Number.NaN;
    case 'boolean':
      return value.some((byte) => byte !== 0);
    case 'hex':
      return value.toString('hex').toUpperCase();
  }
}

/** The bytes of a write value; the profile schema has already checked it matches its data type. */
export function encodeTaskValue(dataType: GattDataType, writeValue: string): Buffer {
  switch (dataType) {
    case 'hex':
      return Buffer.from(writeValue, 'hex');
    case 'string':
      return Buffer.from(writeValue, 'utf8');
    case 'integer': {
      const value = BigInt(writeValue);
      // Minimal width: the fewest whole bytes that hold the value (two's complement when negative).
      let bytes = 1;
      while (value >= 0n ? value >= 1n << BigInt(8 * bytes) : value < -(1n << BigInt(8 * bytes - 1))) bytes += 1;
      const unsigned = value >= 0n ? value : (1n << BigInt(8 * bytes)) + value;
      return Buffer.from(Array.from({ length: bytes }, (_, i) => Number((unsigned >> BigInt(8 * i)) & 0xffn)));
    }
    case 'float': {
      const buffer = Buffer.alloc(4);
      buffer.writeFloatLE(Number(writeValue));
      return buffer;
    }
    case 'boolean':
      return Buffer.from([writeValue === 'true' ? 1 : 0]);
  }
}
