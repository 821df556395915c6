import { describe, expect, it } from 'vitest';
import {
  decodePmdControlResponse,
  decodePmdEcg,
  encodePmdEcg,
  pmdTimestamp,
  requestedSampleRate,
} from './polar-pmd';

const bytes = (hex: string) => Buffer.from(hex.replaceAll(' ', ''), 'hex');

describe('Polar PMD ECG frames', () => {
  it('decodes a frame: its time stamp and 3-byte signed samples in µV', () => {
    // Type ECG, 10 s (0x02540BE400 ns), frame type 0, then 100 µV, -100 µV, 1200 µV.
    const frame = bytes('00 00e40b5402000000 00 640000 9cffff b00400');
    expect(decodePmdEcg(frame)).toEqual({ ok: true, frame: { timestampNs: 10_000_000_000n, samples: [100, -100, 1200] } });
  });

  it('encodes what it decodes, at the strap’s clock (ns since 2000-01-01)', () => {
    const timestampNs = pmdTimestamp(new Date('2000-01-01T00:00:01Z'));
    expect(timestampNs).toBe(1_000_000_000n);
    const frame = encodePmdEcg({ timestampNs, samples: [0, -1, 9999, -9999] });
    expect(frame.toString('hex')).toBe('0000ca9a3b0000000000' + '000000' + 'ffffff' + '0f2700' + 'f1d8ff');
    expect(decodePmdEcg(frame)).toEqual({ ok: true, frame: { timestampNs, samples: [0, -1, 9999, -9999] } });
  });

  it.each([
    ['a value shorter than the header', '00 00e40b54', 'PMD ECG frame: 5 byte(s), shorter than its 10-byte header'],
    ['another measurement (PPG)', '01 00e40b5402000000 00 640000', 'PMD ECG frame: measurement type 0x01 is not ECG (0x00)'],
    ['a compressed (delta) frame', '00 00e40b5402000000 80 640000', 'PMD ECG frame: frame type 0x80 is not supported (only 0x00, 3-byte samples)'],
    ['a header without samples', '00 00e40b5402000000 00', 'PMD ECG frame: no samples'],
    ['a torn sample', '00 00e40b5402000000 00 640000 9cff', 'PMD ECG frame: 5 byte(s) of samples are not whole 3-byte samples'],
    ['a voltage no skin carries', '00 00e40b5402000000 00 640000 ffff7f', 'PMD ECG frame: sample 2 is 8388607 µV, beyond ±10000 µV: no surface ECG (a lead off or a corrupt frame)'],
  ])('refuses %s with the reason, never throwing', (_, hex, reason) => {
    expect(decodePmdEcg(bytes(hex))).toEqual({ ok: false, reason });
  });
});

describe('Polar PMD control point', () => {
  it('reads the start request’s sample rate: 130 Hz, 14 bits', () => {
    expect(requestedSampleRate(bytes('02 00 00 01 8200 01 01 0e00'))).toBe(130);
    expect(requestedSampleRate(bytes('02 00 01 01 0e00 00 01 8200'))).toBe(130);
    // A stop, another measurement, a truncated request.
    expect(requestedSampleRate(bytes('0300'))).toBeNull();
    expect(requestedSampleRate(bytes('02 01 00 01 8200'))).toBeNull();
    expect(requestedSampleRate(bytes('02 00 00 02 8200'))).toBeNull();
  });

  it('reads the strap’s answer: op code, measurement and status', () => {
    expect(decodePmdControlResponse(bytes('f0 02 00 00 00'))).toEqual({ opCode: 2, measurementType: 0, status: 0 });
    expect(decodePmdControlResponse(bytes('f0 02 00 05 00'))).toEqual({ opCode: 2, measurementType: 0, status: 5 });
    expect(decodePmdControlResponse(bytes('0f 02'))).toBeNull();
  });
});
