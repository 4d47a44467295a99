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

/** A character of the German banks' SEPA character set: the basic Latin set, umlauts, ß and & * $ %. */
const SEPA = /^[A-Za-z0-9 /?:().,'+\-ÄÖÜäöüß&*$%]$/u;

/** The character, or its letter without accents (é → e), or a space where neither is in the set. */
function sepaCharacter(c: string): string {
  if (SEPA.test(c)) return c;
  const base = c.normalize('NFD').replace(/\p{Mn}/gu, '');
  return base !== '' && [...base].every((b) => SEPA.test(b)) ? base : ' ';
}

/**
 * A field on one line in the SEPA character set (docs/domain/bank-files.md): control, format and
 * line-separator characters become spaces, so a reader splitting lines the Unicode way sees the same
 * fields the letter prints.
 */
function sepaText(value: string, max: number): string {
  const plain = [...value.normalize('NFC')].map(sepaCharacter).join('');
  return plain.replace(/ {2,}/g, ' ').trim().slice(0, max).trim();
}

/**
 * The code's text: BCD, version 002, UTF-8 (1), SCT, BIC, name (≤ 70), IBAN, "EUR12.34", no purpose
 * code, no structured reference, the purpose as text (≤ 140). Null for an amount a GiroCode cannot
 * carry (none, or from 1 billion €) or without an IBAN.
 */
export function girocodeText(p: GiroPayment): string | null {
  const iban = normalizeIban(p.iban).replace(/[^A-Z0-9]/g, '');
  if (iban === '' || p.amountCents < 1 || p.amountCents > 99_999_999_999) return null;
  const amount = `EUR${Math.floor(p.amountCents / 100)}.${String(p.amountCents % 100).padStart(2, '0')}`;
  const text = [
    'BCD',
    '002',
    '1',
    'SCT',
    normalizeBic(p.bic).replace(/[^A-Z0-9]/g, ''),
    sepaText(p.name, 70),
    iban,
    amount,
    '',
    '',
    sepaText(p.text, 140),
  ].join('\n');
  return new TextEncoder().encode(text).byteLength <= GIROCODE_MAX_BYTES ? text : null;
}
