/** The text colours an app (the kiosk, the members' app) may put on a location's accent: white, the page's ink, and black. */
export const lightText = '#ffffff';
export const inkText = '#111827';
export const blackText = '#000000';

/** WCAG AA for normal text: every word on the accent reaches it, whatever its size. */
export const readableContrast = 4.5;

/** WCAG relative luminance of a #RRGGBB colour. */
export function luminance(hex: string): number {
  const channel = (offset: number) => {
    const value = parseInt(hex.slice(offset, offset + 2), 16) / 255;
    return value <= 0.04045 ? value / 12.92 : ((value + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel(1) + 0.7152 * channel(3) + 0.0722 * channel(5);
}

/** WCAG contrast ratio of two #RRGGBB colours, 1 to 21. */
export function contrastRatio(a: string, b: string): number {
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

/**
 * The text colour for words on the accent: white where it reads (most brand colours), else the
 * page's ink, else black. Black or white always reaches 4.5:1 (a colour too light for white has a
 * luminance above 0.18, which gives black at least 4.6:1), so any colour staff choose stays readable.
 */
export function textOnAccent(accent: string): string {
  return [lightText, inkText].find((text) => contrastRatio(accent, text) >= readableContrast) ?? blackText;
}
