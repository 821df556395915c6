import { floatFromRaw, sfloatFromRaw, type MedicalFloat } from './ieee11073';
import { readDateTime, type DeviceDateTime } from './date-time';

/** A characteristic value shorter than its flags promise: a clear reason instead of a RangeError from Buffer. */
export class DecodeError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'DecodeError';
  }
}

/** Reads a characteristic value field by field, little-endian as the SIG specifies. */
export class ByteReader {
  private offset = 0;

  constructor(
    private readonly buffer: Buffer,
    private readonly what: string,
  ) {}

  private take(bytes: number, field: string): number {
    if (this.offset + bytes > this.buffer.length) {
      throw new DecodeError(
        `${this.what} is truncated: ${field} needs ${bytes} byte(s) at offset ${this.offset}, the value has ${this.buffer.length}`,
      );
    }
    const at = this.offset;
    this.offset += bytes;
    return at;
  }

  skip(bytes: number, field: string): void {
    this.take(bytes, field);
  }
  u8(field: string): number {
    return this.buffer.readUInt8(this.take(1, field));
  }
  u16(field: string): number {
    return this.buffer.readUInt16LE(this.take(2, field));
  }
  s16(field: string): number {
    return this.buffer.readInt16LE(this.take(2, field));
  }
  u24(field: string): number {
    return this.buffer.readUIntLE(this.take(3, field), 3);
  }
  u32(field: string): number {
    return this.buffer.readUInt32LE(this.take(4, field));
  }
  sfloat(field: string): MedicalFloat {
    return sfloatFromRaw(this.u16(field));
  }
  float(field: string): MedicalFloat {
    return floatFromRaw(this.u32(field));
  }
  dateTime(field: string): DeviceDateTime | null {
    return readDateTime(this.buffer, this.take(7, field));
  }
}

/** Writes characteristic values; the simulator and tests use it to build real SIG bytes. */
export class ByteWriter {
  private readonly bytes: number[] = [];

  u8(value: number): this {
    this.bytes.push(value & 0xff);
    return this;
  }
  u16(value: number): this {
    return this.u8(value).u8(value >> 8);
  }
  s16(value: number): this {
    return this.u16(value & 0xffff);
  }
  u24(value: number): this {
    return this.u16(value).u8(value >> 16);
  }
  u32(value: number): this {
    return this.u16(value & 0xffff).u16(value >>> 16);
  }
  raw(buffer: Buffer): this {
    this.bytes.push(...buffer);
    return this;
  }
  toBuffer(): Buffer {
    return Buffer.from(this.bytes);
  }
}
