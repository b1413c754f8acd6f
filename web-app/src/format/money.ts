/**
 * Money arrives as integer minor units plus the location's currency; shown in the company locale.
 * Prices and sales only: a balance that can be owed needs its words ("owes €12.00", never
 * "-€12.00") from the catalogs, beside the amount this formats.
 */
export function formatMoney(minorUnits: number, currency: string, locale?: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol' });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const amount = minorUnits / 10 ** digits;
  return format.format(amount);
}
