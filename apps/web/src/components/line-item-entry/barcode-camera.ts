import wasmUrl from 'zxing-wasm/reader/zxing_reader.wasm?url';

/**
 * Barcodes read from the device camera: the browser's own `BarcodeDetector` where it has one that
 * reads our formats, otherwise the maintained polyfill (`barcode-detector`, ZXing-C++ compiled to
 * WebAssembly). The polyfill's WebAssembly is served by 3DS itself, never fetched from a CDN: the
 * Content-Security-Policy allows our origin only.
 *
 * GS1 DataMatrix and GS1-128 (a Code 128 with FNC1) carry the GTIN, lot, expiry and serial; a
 * UPC-A the NDC alone (a reader may answer it as an EAN-13 with a leading 0, which `readCode` takes).
 */
export const CAMERA_FORMATS = ['data_matrix', 'upc_a', 'ean_13', 'code_128'] as const;

export interface Detected {
  rawValue: string;
  format: string;
}

export interface CameraDetector {
  detect(source: HTMLVideoElement | ImageBitmapSource): Promise<Detected[]>;
}

interface DetectorClass {
  new (options: { formats: string[] }): CameraDetector;
  getSupportedFormats(): Promise<string[]>;
}

/** The browser's detector when it reads every format we need; null otherwise. */
async function nativeDetector(): Promise<CameraDetector | null> {
  const Native = (globalThis as { BarcodeDetector?: DetectorClass }).BarcodeDetector;
  if (!Native) return null;
  try {
    const supported = await Native.getSupportedFormats();
    if (!CAMERA_FORMATS.every((format) => supported.includes(format))) return null;
    return new Native({ formats: [...CAMERA_FORMATS] });
  } catch {
    return null;
  }
}

let polyfill: Promise<CameraDetector> | undefined;

/** The detector to scan with; the polyfill is loaded (once) only when the camera is first used. */
export async function cameraDetector(): Promise<CameraDetector> {
  const native = await nativeDetector();
  if (native) return native;
  polyfill ??= import('barcode-detector/ponyfill').then(({ BarcodeDetector, prepareZXingModule }) => {
    prepareZXingModule({
      overrides: { locateFile: (path: string, prefix: string) => (path.endsWith('.wasm') ? wasmUrl : prefix + path) },
    });
    return new BarcodeDetector({ formats: [...CAMERA_FORMATS] }) as CameraDetector;
  });
  return polyfill;
}
