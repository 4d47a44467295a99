// The GiroCode (EPC QR code, EPC069-12, docs/domain/bank-files.md) of a payment request: a banking app reads the
// payee, the IBAN, the amount and the purpose from it.

import { normalizeBic, normalizeIban } from './iban';

/** At most this many bytes fit a GiroCode. */
export const GIROCODE_MAX_BYTES = 331;

export interface GiroPayment {
  name: string;
  iban: string;
  bic: string;
  amountCents: number;
  /** The purpose (Verwendungszweck), up to 140 characters. */
  text: string;
}

/**
 * The code's text: BCD, version 002, UTF-8 (1), SCT, BIC, name (≤ 70), IBAN, "EUR12.34", no purpose
 * code, no structured reference, the purpose as text (≤ 140). Null for an amount a GiroCode cannot
 * carry (none, or from 1 billion €) or without an IBAN.
 */
export function girocodeText(p: GiroPayment): string | null {
  const iban = normalizeIban(p.iban);
  if (iban === '' || p.amountCents < 1 || p.amountCents > 99_999_999_999) return null;
  const amount = `EUR${Math.floor(p.amountCents / 100)}.${String(p.amountCents % 100).padStart(2, '0')}`;
  const oneLine = (s: string, max: number) => [...s.replace(/[\r\n]+/g, ' ').trim()].slice(0, max).join('');
  const text = [
    'BCD',
    '002',
    '1',
    'SCT',
    normalizeBic(p.bic),
    oneLine(p.name, 70),
    iban,
    amount,
    '',
    '',
    oneLine(p.text, 140),
  ].join('\n');
  return new TextEncoder().encode(text).byteLength <= GIROCODE_MAX_BYTES ? text : null;
}
