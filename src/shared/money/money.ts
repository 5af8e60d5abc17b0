/**
 * Money as docs/architecture.md "Money" keeps it: whole numbers of a currency's minor units (cents;
 * yen have none) with the ISO 4217 code, never floats. Typed amounts are read and written here once,
 * for the equipment pages and for manifest forms' money fields.
 */

/** Digits after the decimal point of a currency (JPY and KRW have none), from the platform's own tables. */
export function minorDigits(currency: string): number {
  try {
    return new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions().maximumFractionDigits ?? 2;
  } catch {
    return 2;
  }
}

/** A typed amount ("49.90", "49,90", "4900") in minor units of the currency, or null when it is not one. */
export function parseMoney(text: string, currency: string): number | null {
  const digits = minorDigits(currency);
  const clean = text.trim().replace(/\s/g, '');
  const match = /^(\d{1,12})(?:[.,](\d+))?$/.exec(clean);
  if (!match) return null;
  const fraction = match[2] ?? '';
  if (fraction.length > digits) return null;
  return Number(match[1]) * 10 ** digits + Number(fraction.padEnd(digits, '0') || '0');
}

/** An amount in minor units as it is typed back in major units, without symbol or grouping ("49.90", "4900"). */
export function moneyInput(cents: number, currency: string): string {
  const digits = minorDigits(currency);
  return (cents / 10 ** digits).toFixed(digits);
}
