/**
 * A location made before currencies were stored (or imported without one) has its country's: the
 * euro for the euro area. A stored `locations.currency` wins.
 */
const currencyByCountry: Record<string, string> = {
  GB: 'GBP',
  US: 'USD',
  CA: 'CAD',
  AU: 'AUD',
  NZ: 'NZD',
  IE: 'EUR',
  CH: 'CHF',
  SE: 'SEK',
  NO: 'NOK',
  DK: 'DKK',
  PL: 'PLN',
  CZ: 'CZK',
  HU: 'HUF',
  JP: 'JPY',
  MX: 'MXN',
  BR: 'BRL',
  ZA: 'ZAR',
  IN: 'INR',
  SG: 'SGD',
};
const euroArea = new Set(['AT', 'BE', 'HR', 'CY', 'EE', 'FI', 'FR', 'DE', 'GR', 'IT', 'LV', 'LT', 'LU', 'MT', 'NL', 'PT', 'SK', 'SI', 'ES']);

export function currencyOf(country: string): string {
  const code = country.toUpperCase();
  return currencyByCountry[code] ?? (euroArea.has(code) ? 'EUR' : 'USD');
}
