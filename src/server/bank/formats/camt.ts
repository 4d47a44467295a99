// CAMT.053 (ISO 20022 BankToCustomerStatement, versions 001.02 and 001.08) as German banks export it
// (DFÜ-Abkommen, annex 3): one XML per file, one or more statements of one account.

import { XMLParser } from 'fast-xml-parser';
import { normalizeIban } from '../../../shared/iban';
import { BankFileError, type Booking, centsOf, NOT_A_BANK_FILE, refuseForeignCurrency } from '../booking';

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
const currencyOf = (amount: unknown) => {
  const ccy = node(amount)['@Ccy'];
  return typeof ccy === 'string' ? ccy : '';
};
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
    refuseForeignCurrency(text(at(stmt, 'Acct', 'Ccy')));
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
  // CdtDbtInd is the entry's own direction, a reversal's too (ISO 20022): a returned rent debit is DBIT
  // with RvslInd, money out; the statement's balance only adds up that way
  const credit = text(entry.CdtDbtInd) === 'CRDT';
  const sign = credit ? 1 : -1;
  const reversal = text(entry.RvslInd) === 'true';
  refuseForeignCurrency(currencyOf(entry.Amt));
  const bookingDate = dateOf(entry.BookgDt);
  const valueDate = dateOf(entry.ValDt) || bookingDate;
  const ref = text(entry.AcctSvcrRef);
  const details = list(entry.NtryDtls).flatMap((d) => list(d.TxDtls));
  const parts = details.length > 0 ? details : [{}];
  return parts.map((tx, i) => {
    const amountNode = at(tx, 'Amt') ?? at(tx, 'AmtDtls', 'TxAmt', 'Amt');
    const amount = text(amountNode);
    // a batch's parts are booked with their own amounts; a single one with the entry's (in the
    // account's currency, even where the transfer was sent in another)
    if (parts.length > 1 && amount) refuseForeignCurrency(currencyOf(amountNode));
    // the other party is the payer of money in, the payee of money out; a reversal names the parties of
    // the booking it returns (a returned rent debit: the tenant as debtor), the other role where absent
    const related = at(tx, 'RltdPties');
    const roles = credit !== reversal ? (['Dbtr', 'Cdtr'] as const) : (['Cdtr', 'Dbtr'] as const);
    const party = roles.find((role) => at(related, role) ?? at(related, `${role}Acct`)) ?? roles[0];
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
      ...(reversal ? { reversal } : {}),
    };
  });
}
