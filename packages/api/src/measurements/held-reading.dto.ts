import { DEVICE_READING_FLAGS, type DeviceReadingFlag } from '@opencare/schemas/entities/gateways';
import type { HeldReading } from '@opencare/schemas/entities/held-readings';
import type { HeldReadingRow } from './held-readings.repository';
import { typedValues } from './measurement.dto';

const KNOWN_FLAGS = new Set<string>(DEVICE_READING_FLAGS);

export function toHeldReadingDto(row: HeldReadingRow): HeldReading {
  return {
    id: row.id,
    patientId: row.patientAccountId,
    ...typedValues(row.type, row.values),
    reason: row.reason,
    outOfLimits: row.outOfLimits,
    userIndex: row.userIndex,
    userSlot: row.userSlot,
    meal: row.meal,
    note: row.note,
    takenAt: row.takenAt.toISOString(),
    deviceTakenAt: row.deviceTakenAt?.toISOString() ?? null,
    flags: row.deviceFlags.filter((flag): flag is DeviceReadingFlag => KNOWN_FLAGS.has(flag)),
    device: row.deviceId && row.deviceName ? { id: row.deviceId, name: row.deviceName } : null,
    status: row.status,
    receivedAt: row.receivedAt.toISOString(),
    reviewedAt: row.reviewedAt?.toISOString() ?? null,
    reviewedBy:
      row.reviewedByAccountId && row.reviewerFirstName !== null
        ? {
            id: row.reviewedByAccountId,
            name: `${row.reviewerFirstName} ${row.reviewerLastName ?? ''}`.trim(),
          }
        : null,
    reviewComment: row.reviewComment,
  };
}
