import jsQRModule from 'jsqr';
import { PNG } from 'pngjs';
import type { Locator } from 'playwright-core';

// A UMD bundle: under Node's ESM its function is the default export, typed as the module.
const jsQR = jsQRModule as unknown as typeof import('jsqr').default;

/** The text of the QR code shown in `element`, read from a screenshot of it as a scanner reads the screen. */
export async function readShownQr(element: Locator): Promise<string> {
  const png = PNG.sync.read(await element.screenshot({ animations: 'disabled' }));
  const found = jsQR(new Uint8ClampedArray(png.data.buffer, png.data.byteOffset, png.data.length), png.width, png.height);
  if (!found) throw new Error('no QR code could be read in the screenshot');
  return found.data;
}
