// Draws the app icons (the favicon's white cross on teal) as PNG files with Node's zlib only:
// node scripts/generate-icons.mjs. The PNGs are committed; run this again only to change them.
import { writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { deflateSync } from 'node:zlib';

const out = join(dirname(fileURLToPath(import.meta.url)), '../public/icons');
const TEAL = [0x0c, 0xa6, 0x78];
const WHITE = [0xff, 0xff, 0xff];

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k += 1) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buffer) {
  let c = 0xffffffff;
  for (const byte of buffer) c = CRC_TABLE[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type, data) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}
function png(size, rgba) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header[8] = 8; // bit depth
  header[9] = 6; // RGBA
  const raw = Buffer.alloc(size * (size * 4 + 1));
  for (let y = 0; y < size; y += 1) {
    raw[y * (size * 4 + 1)] = 0; // no filter
    rgba.copy(raw, y * (size * 4 + 1) + 1, y * size * 4, (y + 1) * size * 4);
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(raw, { level: 9 })),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** In the favicon's 64-unit square: inside the rounded background, and inside the cross. */
function shapes(x, y, { maskable }) {
  // A maskable icon fills the whole square (the platform cuts its own shape) and keeps the cross
  // within the central safe zone (80 %); the plain icon has the favicon's rounded corners.
  const r = maskable ? 0 : 14;
  const cx = Math.min(Math.max(x, r), 64 - r);
  const cy = Math.min(Math.max(y, r), 64 - r);
  const inBackground = x >= 0 && x <= 64 && y >= 0 && y <= 64 && (x - cx) ** 2 + (y - cy) ** 2 <= r * r;
  const s = maskable ? 0.72 : 1; // the cross, scaled about the centre
  const u = (x - 32) / s + 32;
  const v = (y - 32) / s + 32;
  const inCross = (u >= 27 && u <= 37 && v >= 14 && v <= 50) || (u >= 14 && u <= 50 && v >= 27 && v <= 37);
  return { inBackground, inCross };
}

function draw(size, options) {
  const rgba = Buffer.alloc(size * size * 4);
  const samples = 4; // 4×4 supersampling for smooth edges
  for (let py = 0; py < size; py += 1) {
    for (let px = 0; px < size; px += 1) {
      let bg = 0;
      let cross = 0;
      for (let sy = 0; sy < samples; sy += 1) {
        for (let sx = 0; sx < samples; sx += 1) {
          const x = ((px + (sx + 0.5) / samples) / size) * 64;
          const y = ((py + (sy + 0.5) / samples) / size) * 64;
          const { inBackground, inCross } = shapes(x, y, options);
          if (inBackground) {
            bg += 1;
            if (inCross) cross += 1;
          }
        }
      }
      const n = samples * samples;
      const alpha = bg / n;
      const white = bg ? cross / bg : 0;
      const i = (py * size + px) * 4;
      for (let c = 0; c < 3; c += 1) rgba[i + c] = Math.round(TEAL[c] * (1 - white) + WHITE[c] * white);
      rgba[i + 3] = Math.round(alpha * 255);
    }
  }
  return png(size, rgba);
}

const icons = [
  ['icon-192.png', 192, { maskable: false }],
  ['icon-512.png', 512, { maskable: false }],
  ['icon-maskable-512.png', 512, { maskable: true }],
  ['apple-touch-icon.png', 180, { maskable: true }],
];
for (const [name, size, options] of icons) {
  writeFileSync(join(out, name), draw(size, options));
  console.log(`${name} ${size}×${size}`);
}
