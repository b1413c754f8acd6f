/** The currency's minor-unit digits (2 for EUR, 0 for JPY). */
function digitsOf(currency: string): number {
  return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
}

/** A typed amount ("49", "49.50", "49,50") as integer minor units; null when it is not an amount. */
export function toMinorUnits(text: string, currency: string): number | null {
  const cleaned = text.trim().replace(',', '.');
  if (!/^\d+(\.\d+)?$/.test(cleaned)) return null;
  const digits = digitsOf(currency);
  const [whole, fraction = ''] = cleaned.split('.');
  if (fraction.length > digits) return null;
  return Number(whole) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** Minor units as the text a price field starts with: 4950 EUR is "49.50". */
export function fromMinorUnits(minorUnits: number, currency: string): string {
  const digits = digitsOf(currency);
  return digits === 0 ? String(minorUnits) : (minorUnits / 10 ** digits).toFixed(digits);
}

/** A sample amount as a person types it in the locale ("49.00", "49,00"; "4900" for JPY), for a hint beside a price field. */
export function exampleAmount(major: number, currency: string, locale: string): string {
  const digits = digitsOf(currency);
  return new Intl.NumberFormat(locale, { minimumFractionDigits: digits, maximumFractionDigits: digits, useGrouping: false }).format(major);
}
