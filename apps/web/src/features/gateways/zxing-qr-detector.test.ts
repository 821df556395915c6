// @vitest-environment happy-dom
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import QRCode from 'qrcode';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { zxingQrDetector } from './zxing-qr-detector';

afterEach(() => vi.unstubAllGlobals());

describe('ZXing’s QR reader (the path for browsers without a BarcodeDetector)', () => {
  it('reads a gateway’s QR code from a photo of it', async () => {
    // happy-dom cannot paint an image on a canvas: without Image the reader hands ZXing the PNG's
    // bytes, which it decodes itself, as it would a photo's in a browser.
    vi.stubGlobal('Image', undefined);
    // The test has no server: it hands over the bytes of the very .wasm the build serves.
    const wasm = await readFile(
      createRequire(import.meta.url).resolve('zxing-wasm/reader/zxing_reader.wasm'),
    );
    const detector = zxingQrDetector({ wasmBinary: new Uint8Array(wasm).buffer });
    const text = 'OPENCARE-GW:B827EB123456:K7Q2M9X4P1';
    const photo = new Blob([new Uint8Array(await QRCode.toBuffer(text, { width: 240, margin: 4 }))], {
      type: 'image/png',
    });

    const codes = await detector.detect(photo);

    expect(codes.map((code) => code.rawValue)).toEqual([text]);
  });
});
