import { ECG_MAX_MICROVOLTS } from '@opencare/schemas/gateway-events';

/*
 * Polar Measurement Data (PMD), the protocol of Polar H10's ECG stream, as the Polar BLE SDK documents
 * it (github.com/polarofficial/polar-ble-sdk, technical_documentation "Polar Measurement Data").
 * - Control point (FB005C81-…) answers each request with an indication:
 *   0xF0, the request's op code, measurement type, status (0 = success), more-frames flag.
 * - Data (FB005C82-…) notifies ECG frames: measurement type 0x00, a uint64 LE time stamp in ns
 *   (since 2000-01-01, the strap's clock), frame type 0x00, then 3-byte signed LE samples in µV.
 * A frame a strap could not have sent (another type, a torn sample, a voltage no skin carries) is
 * refused whole with the reason; nothing here throws.
 */

export const PMD_ECG = 0x00;
export const PMD_FRAME_TYPE_0 = 0x00;
export const PMD_CONTROL_RESPONSE = 0xf0;
export const PMD_OP_START = 0x02;
export const PMD_OP_STOP = 0x03;
export const PMD_STATUS_SUCCESS = 0x00;
const HEADER = 10;
const SAMPLE_BYTES = 3;
/** 2000-01-01T00:00:00Z, where the strap's clock counts from. */
const PMD_EPOCH_MS = Date.UTC(2000, 0, 1);

export interface EcgFrame {
  /** The strap's time of the frame's last sample, ns since 2000-01-01. */
  timestampNs: bigint;
  /** Microvolts, oldest first. */
  samples: number[];
}

export type EcgDecodeResult = { ok: true; frame: EcgFrame } | { ok: false; reason: string };

const refuse = (reason: string): EcgDecodeResult => ({ ok: false, reason: `PMD ECG frame: ${reason}` });
const hex = (byte: number) => `0x${byte.toString(16).padStart(2, '0')}`;

export function decodePmdEcg(value: Buffer): EcgDecodeResult {
  if (value.length < HEADER) return refuse(`${value.length} byte(s), shorter than its ${HEADER}-byte header`);
  const type = value.readUInt8(0);
  if (type !== PMD_ECG) return refuse(`measurement type ${hex(type)} is not ECG (0x00)`);
  const frameType = value.readUInt8(9);
  if (frameType !== PMD_FRAME_TYPE_0) return refuse(`frame type ${hex(frameType)} is not supported (only 0x00, 3-byte samples)`);
  const body = value.length - HEADER;
  if (body === 0) return refuse('no samples');
  if (body % SAMPLE_BYTES !== 0) return refuse(`${body} byte(s) of samples are not whole 3-byte samples`);
  const samples: number[] = [];
  for (let at = HEADER; at < value.length; at += SAMPLE_BYTES) {
    const microvolts = value.readIntLE(at, SAMPLE_BYTES);
    if (Math.abs(microvolts) > ECG_MAX_MICROVOLTS) {
      return refuse(`sample ${samples.length + 1} is ${microvolts} µV, beyond ±${ECG_MAX_MICROVOLTS} µV: no surface ECG (a lead off or a corrupt frame)`);
    }
    samples.push(microvolts);
  }
  return { ok: true, frame: { timestampNs: value.readBigUInt64LE(1), samples } };
}

/** An ECG frame as a strap sends it (the simulator's, and the decoder tests'). */
export function encodePmdEcg(frame: EcgFrame): Buffer {
  const value = Buffer.alloc(HEADER + frame.samples.length * SAMPLE_BYTES);
  value.writeUInt8(PMD_ECG, 0);
  value.writeBigUInt64LE(frame.timestampNs, 1);
  value.writeUInt8(PMD_FRAME_TYPE_0, 9);
  frame.samples.forEach((sample, i) => value.writeIntLE(sample, HEADER + i * SAMPLE_BYTES, SAMPLE_BYTES));
  return value;
}

/** A strap's time stamp for a moment: ns since 2000-01-01. */
export const pmdTimestamp = (at: Date): bigint => BigInt(at.getTime() - PMD_EPOCH_MS) * 1_000_000n;

export interface PmdControlResponse {
  opCode: number;
  measurementType: number;
  status: number;
}

/** A control point indication, or null when the value is not one. */
export function decodePmdControlResponse(value: Buffer): PmdControlResponse | null {
  if (value.length < 4 || value.readUInt8(0) !== PMD_CONTROL_RESPONSE) return null;
  return { opCode: value.readUInt8(1), measurementType: value.readUInt8(2), status: value.readUInt8(3) };
}

export function encodePmdControlResponse(opCode: number, measurementType: number, status: number): Buffer {
  return Buffer.from([PMD_CONTROL_RESPONSE, opCode, measurementType, status, 0x00]);
}

/**
 * The sample rate a "start measurement" request asks for: its settings follow the op code and type,
 * each a setting type, a count and that many uint16 LE values; type 0x00 is the sample rate.
 * Null when the request is not a start of the ECG or names no rate.
 */
export function requestedSampleRate(request: Buffer): number | null {
  if (request.length < 2 || request.readUInt8(0) !== PMD_OP_START || request.readUInt8(1) !== PMD_ECG) return null;
  let at = 2;
  while (at + 2 <= request.length) {
    const setting = request.readUInt8(at);
    const count = request.readUInt8(at + 1);
    if (at + 2 + count * 2 > request.length) return null;
    if (setting === 0x00 && count >= 1) return request.readUInt16LE(at + 2);
    at += 2 + count * 2;
  }
  return null;
}
