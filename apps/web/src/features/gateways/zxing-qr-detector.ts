import { BarcodeDetector, prepareZXingModule } from 'barcode-detector/ponyfill';
import zxingReaderWasm from 'zxing-wasm/reader/zxing_reader.wasm?url';
import type { QrDetector } from './qr-scanner';

/** The Emscripten module settings used here (its full type is a global type the app does not load). */
interface ZXingOverrides {
  locateFile?: (path: string, prefix: string) => string;
  wasmBinary?: ArrayBuffer;
}

/**
 * The reader's WebAssembly comes from our own build (Vite copies the .wasm beside the code), never
 * from the CDN the package defaults to: the app fetches no code from elsewhere, and works offline
 * once cached. One object, so that ZXing keeps the module it made rather than making another.
 */
const FROM_OUR_BUILD: ZXingOverrides = {
  locateFile: (path, prefix) => (path.endsWith('.wasm') ? zxingReaderWasm : prefix + path),
};

/**
 * ZXing's QR reader behind the Barcode Detection API's interface, for the browsers without one
 * (Firefox; Chromium on Linux and Windows). `overrides` lets a test give the .wasm's bytes instead.
 */
export function zxingQrDetector(overrides: ZXingOverrides = FROM_OUR_BUILD): QrDetector {
  prepareZXingModule({ overrides });
  return new BarcodeDetector({ formats: ['qr_code'] });
}
