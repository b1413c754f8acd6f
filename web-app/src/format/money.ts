/** Money arrives as integer minor units plus the location's currency; shown in the company locale. */
export function formatMoney(minorUnits: number, currency: string, locale?: string): string {
  const format = new Intl.NumberFormat(locale, { style: 'currency', currency, currencyDisplay: 'symbol' });
  const digits = format.resolvedOptions().maximumFractionDigits ?? 2;
  const amount = minorUnits / 10 ** digits;
  // A debt reads "owes €12.00", never "-€12.00" (design reference, Money).
  if (amount < 0) return `owes ${format.format(-amount)}`;
  return format.format(amount);
}
