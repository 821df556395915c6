import type { MeasurementCode } from '@opencare/schemas/lookups';
import { normaliseUuid } from '../ble/uuid';
import { decodeBloodPressure } from './blood-pressure';
import { decodeGlucose } from './glucose';
import { decodePlxContinuous, decodePlxSpotCheck } from './pulse-oximeter';
import type { DecodeResult } from './reading';
import { decodeTemperature } from './temperature';
import { decodeWeight } from './weight';

/** The SIG measurement characteristics we decode, by 16-bit UUID, with the measurement each gives. */
export const MEASUREMENT_DECODERS: Record<string, { measurement: MeasurementCode; decode: (value: Buffer) => DecodeResult }> = {
  '2A35': { measurement: 'bp', decode: decodeBloodPressure },
  '2A1C': { measurement: 'bt', decode: decodeTemperature },
  '2A18': { measurement: 'bs', decode: decodeGlucose },
  '2A9D': { measurement: 'bw', decode: decodeWeight },
  '2A5F': { measurement: 'ox', decode: decodePlxContinuous },
  '2A5E': { measurement: 'ox', decode: decodePlxSpotCheck },
};

/** The decoder of a characteristic, or undefined when it is not a measurement we know. */
export function decoderFor(characteristic: string) {
  return MEASUREMENT_DECODERS[normaliseUuid(characteristic)];
}
