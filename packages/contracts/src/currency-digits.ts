// Minor units per currency from ISO 4217's table (its "exponent"), not from Intl: Intl gives the
// digits a currency is usually *shown* with (0 for HUF and IDR), which is not how many minor units
// make one major unit. No dependencies, so the web app imports it directly.

const EXPONENTS: Record<string, number> = {
  BIF: 0,
  CLP: 0,
  DJF: 0,
  GNF: 0,
  ISK: 0,
  JPY: 0,
  KMF: 0,
  KRW: 0,
  PYG: 0,
  RWF: 0,
  UGX: 0,
  UYI: 0,
  VND: 0,
  VUV: 0,
  XAF: 0,
  XOF: 0,
  XPF: 0,
  BHD: 3,
  IQD: 3,
  JOD: 3,
  KWD: 3,
  LYD: 3,
  OMR: 3,
  TND: 3,
  CLF: 4,
  UYW: 4,
};

/** Minor units per major unit (ISO 4217 exponent): 2 for EUR, USD, HUF and IDR, 0 for JPY and ISK, 3 for KWD. */
export function currencyDigits(currency: string): number {
  return EXPONENTS[currency.toUpperCase()] ?? 2;
}
