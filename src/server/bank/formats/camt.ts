// CAMT.053 (ISO 20022 BankToCustomerStatement, versions 001.02 and 001.08) as German banks export it
// (DFÜ-Abkommen, annex 3): one XML per file, one or more statements of one account.

import { XMLParser } from 'fast-xml-parser';
import { normalizeIban } from '../../../shared/iban';
import { BankFileError, type Booking, centsOf, NOT_A_BANK_FILE } from '../booking';

type Node = Record<string, unknown>;

const LISTS = new Set(['Stmt', 'Ntry', 'NtryDtls', 'TxDtls', 'Ustrd']);

const parser = new XMLParser({
  ignoreAttributes: false,
  attributeNamePrefix: '@',
  removeNSPrefix: true,
  // texts stay texts: amounts and references are read by us, never as numbers
  parseTagValue: false,
  parseAttributeValue: false,
  processEntities: false,
  isArray: (name) => LISTS.has(name),
});

const node = (value: unknown): Node => (value && typeof value === 'object' ? (value as Node) : {});
const list = (value: unknown): Node[] => (Array.isArray(value) ? value.map(node) : []);
const text = (value: unknown): string => {
  if (typeof value === 'string') return value.trim();
  const inner = node(value)['#text'];
  return typeof inner === 'string' ? inner.trim() : '';
};
const at = (value: unknown, ...path: string[]): unknown => path.reduce((v, key) => node(v)[key], value);
const dateOf = (value: unknown) => (text(at(value, 'Dt')) || text(at(value, 'DtTm'))).slice(0, 10);

/** Whether the text looks like a CAMT.053 document (before it is parsed). */
export const looksLikeCamt = (xml: string) => /<(\w+:)?BkToCstmrStmt[\s>]/.test(xml.slice(0, 4096));

export function parseCamt053(xml: string): { iban: string; bookings: Booking[] } {
  // no DTDs and no entities at all: no XXE, no billion laughs
  if (/<!DOCTYPE|<!ENTITY/i.test(xml))
    throw new BankFileError('Die XML-Datei enthält eine DTD; sie wird nicht gelesen.');
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch {
    throw new BankFileError(NOT_A_BANK_FILE);
  }
  const statements = list(at(doc, 'Document', 'BkToCstmrStmt', 'Stmt'));
  if (statements.length === 0) throw new BankFileError(NOT_A_BANK_FILE);
  let iban = '';
  const bookings: Booking[] = [];
  for (const stmt of statements) {
    iban ||= normalizeIban(text(at(stmt, 'Acct', 'Id', 'IBAN')));
    for (const entry of list(stmt.Ntry)) bookings.push(...entryBookings(entry));
  }
  return { iban, bookings };
}

/** An entry's bookings: one per transaction of a batch, else the entry itself. */
function entryBookings(entry: Node): Booking[] {
  // only booked entries count (001.08: Sts/Cd; 001.02: Sts)
  const status = text(entry.Sts) || text(at(entry, 'Sts', 'Cd'));
  if (status && status !== 'BOOK') return [];
  const credit = text(entry.CdtDbtInd) === 'CRDT';
  // a reversal turns the direction around
  const sign = (credit ? 1 : -1) * (text(entry.RvslInd) === 'true' ? -1 : 1);
  const bookingDate = dateOf(entry.BookgDt);
  const valueDate = dateOf(entry.ValDt) || bookingDate;
  const ref = text(entry.AcctSvcrRef);
  const details = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
  const parts = details.length > 0 ? details : [{}];
  return parts.map((tx, i) => {
    const amount = text(at(tx, 'Amt')) || text(at(tx, 'AmtDtls', 'TxAmt', 'Amt'));
    const party = credit ? 'Dbtr' : 'Cdtr';
    const related = at(tx, 'RltdPties');
    // 001.08 names the party under Pty, 001.02 directly
    const name = text(at(related, party, 'Pty', 'Nm')) || text(at(related, party, 'Nm'));
    const account = text(at(related, `${party}Acct`, 'Id', 'IBAN'));
    const lines = at(tx, 'RmtInf', 'Ustrd');
    const purpose = (Array.isArray(lines) ? lines : [lines])
      .map(text)
      .filter((p) => p !== '')
      .join(' ');
    return {
      bookingDate,
      valueDate,
      amountCents: sign * Math.abs(centsOf(parts.length > 1 && amount ? amount : text(entry.Amt), '.')),
      counterpartyName: name,
      counterpartyIban: normalizeIban(account),
      reference: purpose,
      bankReference: ref ? (parts.length > 1 ? `${ref}#${i + 1}` : ref) : null,
    };
  });
}
