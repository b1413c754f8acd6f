/**
 * The renderer's origin in Electron: a standard, secure custom scheme served from memory by
 * protocol.handle. Compared by scheme and host, because WHATWG URL gives a non-special scheme the
 * opaque origin "null".
 */
export const rendererScheme = 'kiosk';
export const rendererHost = 'app';
export const rendererOrigin = `${rendererScheme}://${rendererHost}`;

export function isRendererUrl(url: string): boolean {
  try {
    const parsed = new URL(url);
    return parsed.protocol === `${rendererScheme}:` && parsed.host === rendererHost;
  } catch {
    return false;
  }
}
