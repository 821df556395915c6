/*
 * IEEE 11073-20601 medical floats, as the Bluetooth SIG health services send them (little-endian).
 * SFLOAT: 16 bits, 4-bit signed exponent over a 12-bit signed mantissa. FLOAT: 32 bits, 8-bit signed
 * exponent over a 24-bit signed mantissa. value = mantissa × 10^exponent. A few raw values (exponent
 * 0) are not numbers: NaN, NRes (not at this resolution), ±INF and one reserved value. A clinical
 * reading must never be made from one of those, so decoding returns a tagged result, not NaN.
 */

export type SpecialValue = 'NaN' | 'NRes' | '+INF' | '-INF' | 'reserved';
export type MedicalFloat = { kind: 'number'; value: number } | { kind: 'special'; special: SpecialValue };

const SFLOAT_SPECIALS: Record<number, SpecialValue> = {
  0x07ff: 'NaN',
  0x0800: 'NRes',
  0x07fe: '+INF',
  0x0802: '-INF',
  0x0801: 'reserved',
};
const FLOAT_SPECIALS: Record<number, SpecialValue> = {
  0x007fffff: 'NaN',
  0x00800000: 'NRes',
  0x007ffffe: '+INF',
  0x00800002: '-INF',
  0x00800001: 'reserved',
};

/** mantissa × 10^exponent without the binary error of multiplying by 0.1 (366 × 10^-1 is 36.6, exactly as printed). */
function scale(mantissa: number, exponent: number): number {
  return exponent < 0 ? mantissa / 10 ** -exponent : mantissa * 10 ** exponent;
}

const signed = (raw: number, bits: number) => (raw >= 2 ** (bits - 1) ? raw - 2 ** bits : raw);

/** The SFLOAT of a raw 16-bit value (already read little-endian). */
export function sfloatFromRaw(raw: number): MedicalFloat {
  const special = SFLOAT_SPECIALS[raw];
  if (special) return { kind: 'special', special };
  return { kind: 'number', value: scale(signed(raw & 0x0fff, 12), signed(raw >> 12, 4)) };
}

/** The FLOAT of a raw 32-bit value (already read little-endian, unsigned). */
export function floatFromRaw(raw: number): MedicalFloat {
  const special = FLOAT_SPECIALS[raw];
  if (special) return { kind: 'special', special };
  return { kind: 'number', value: scale(signed(raw & 0xffffff, 24), signed(raw >>> 24, 8)) };
}

/**
 * The mantissa and exponent for a value, as a device would send it: the fewest digits that hold it
 * exactly (36.6 is 366 × 10^-1), else the most precision that fits, keeping clear of the special
 * values. Used by the simulator and tests to write real SIG bytes.
 */
function pack(value: number, mantissaBits: number, exponentBits: number): { mantissa: number; exponent: number } {
  if (!Number.isFinite(value)) throw new RangeError('Only finite values can be encoded');
  if (value === 0) return { mantissa: 0, exponent: 0 };
  const maxMantissa = 2 ** (mantissaBits - 1) - 3; // 0x7FD for SFLOAT: 0x7FE and up are specials
  const minExponent = Math.max(-(2 ** (exponentBits - 1)), -12);
  const maxExponent = Math.min(2 ** (exponentBits - 1) - 1, 12);
  const fits = (exponent: number) => Math.abs(Math.round(scale(value, -exponent))) <= maxMantissa;
  for (let exponent = maxExponent; exponent >= minExponent; exponent -= 1) {
    const mantissa = Math.round(scale(value, -exponent));
    if (mantissa !== 0 && fits(exponent) && Math.abs(scale(mantissa, exponent) - value) <= Math.abs(value) * 1e-9) {
      return { mantissa, exponent };
    }
  }
  for (let exponent = minExponent; exponent <= maxExponent; exponent += 1) {
    if (fits(exponent)) return { mantissa: Math.round(scale(value, -exponent)), exponent };
  }
  throw new RangeError(`${value} is too large to encode`);
}

export function encodeSfloatRaw(value: number): number {
  const { mantissa, exponent } = pack(value, 12, 4);
  return ((exponent & 0x0f) << 12) | (mantissa & 0x0fff);
}

export function encodeFloatRaw(value: number): number {
  const { mantissa, exponent } = pack(value, 24, 8);
  return (((exponent & 0xff) << 24) | (mantissa & 0xffffff)) >>> 0;
}
