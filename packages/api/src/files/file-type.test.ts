import { describe, expect, it } from 'vitest';
import { sniffFileType } from './file-type';

const bytes = (...values: number[]) => Uint8Array.from(values);

describe('sniffFileType', () => {
  it('knows PNG, JPEG and PDF by their signatures', () => {
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0))).toBe('image/png');
    expect(sniffFileType(bytes(0xff, 0xd8, 0xff, 0xe0))).toBe('image/jpeg');
    expect(sniffFileType(new TextEncoder().encode('%PDF-1.7\n'))).toBe('application/pdf');
  });

  it('refuses anything else, however it is named', () => {
    expect(sniffFileType(new TextEncoder().encode('MZ\x90\x00'))).toBeNull(); // a Windows executable
    expect(sniffFileType(bytes(0x89, 0x50, 0x4e))).toBeNull(); // a truncated PNG signature
    expect(sniffFileType(bytes())).toBeNull();
  });
});
