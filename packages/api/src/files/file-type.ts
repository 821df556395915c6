/**
 * What an uploaded file really is, read from its first bytes. The Content-Type header and the file
 * name are the uploader's claim; only the signature decides, so an .exe renamed .png is refused.
 */
export type SniffedType = 'image/png' | 'image/jpeg' | 'application/pdf';

const SIGNATURES: { type: SniffedType; bytes: number[] }[] = [
  { type: 'image/png', bytes: [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a] },
  { type: 'image/jpeg', bytes: [0xff, 0xd8, 0xff] },
  // "%PDF-"
  { type: 'application/pdf', bytes: [0x25, 0x50, 0x44, 0x46, 0x2d] },
];

/** The type the content's signature names, or null when it is none we accept. */
export function sniffFileType(data: Uint8Array): SniffedType | null {
  const match = SIGNATURES.find(({ bytes }) => bytes.every((byte, i) => data[i] === byte));
  return match?.type ?? null;
}
