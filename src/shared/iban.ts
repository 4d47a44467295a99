// IBAN and BIC checks (ISO 13616 mod-97 checksum) for the bank block of a statement.

/** Removes spaces and upper-cases: ' de89 3704…' → 'DE893704…'. */
export function normalizeIban(value: string): string {
  return value.replace(/[\s\u00a0]/g, '').toUpperCase();
}

export function isValidIban(value: string): boolean {
  const iban = normalizeIban(value);
  if (!/^[A-Z]{2}\d{2}[A-Z0-9]{11,30}$/.test(iban)) return false;
  if (iban.startsWith('DE') && iban.length !== 22) return false;
  const rearranged = iban.slice(4) + iban.slice(0, 4);
  let remainder = 0;
  for (const ch of rearranged) {
    const code = ch.charCodeAt(0);
    // Letters count as two digits (A = 10 … Z = 35).
    const digits = code >= 65 ? String(code - 55) : ch;
    for (const d of digits) remainder = (remainder * 10 + Number(d)) % 97;
  }
  return remainder === 1;
}

/** Groups of four for print: 'DE89 3704 0044 0532 0130 00'. */
export function formatIban(value: string): string {
  return normalizeIban(value).replace(/(.{4})(?=.)/g, '$1 ');
}

export function normalizeBic(value: string): string {
  return value.replace(/\s/g, '').toUpperCase();
}

export function isValidBic(value: string): boolean {
  return /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(normalizeBic(value));
}

/** The German IBAN of a Bankleitzahl and account number (ISO 13616: DE, check digits, BLZ, account). */
export function germanIban(blz: string, account: string): string {
  const bban = `${blz}${account.padStart(10, '0')}`;
  let remainder = 0;
  // D = 13, E = 14, then 00 for the check digits
  for (const d of `${bban}131400`) remainder = (remainder * 10 + Number(d)) % 97;
  return `DE${String(98 - remainder).padStart(2, '0')}${bban}`;
}
