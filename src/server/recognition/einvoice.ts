// An e-invoice's fields by EN 16931 business term (docs/domain/receipts.md): XRechnung in UBL 2.1 or UN/CEFACT
// CII syntax, also the CII inside a ZUGFeRD/Factur-X PDF, and ZUGFeRD 1.0's older CII. Exact: what the XML says, no guessing;
// only the cost type is read from the seller's name and the items' words.

import { XMLParser } from 'fast-xml-parser';
import { splitByWeights } from '../../shared/arithmetic/largest-remainder';
import { normalizeIban } from '../../shared/iban';
import { costTypeOf } from '../../shared/receipts/cost-types';
import { amountsIn } from '../../shared/receipts/german-text';
import type { ReceiptFields, ReceiptLine, ReceiptWarning } from '../../shared/schemas/receipt';
import { ReceiptUnreadable } from './unreadable';

type Node = Record<string, unknown>;

const parser = new XMLParser({
  ignoreAttributes: true,
  removeNSPrefix: true,
  parseTagValue: false,
  // only the five of XML itself (&amp; …): a DOCTYPE that could define others is refused before parsing
  processEntities: true,
  isArray: (name) =>
    [
      'IncludedSupplyChainTradeLineItem',
      'IncludedNote',
      'Note',
      'InvoiceLine',
      'SpecifiedTradeSettlementPaymentMeans',
      'PaymentMeans',
    ].includes(name),
});

function at(node: unknown, ...path: string[]): unknown {
  let current = node;
  for (const key of path) {
    if (current === null || typeof current !== 'object') return undefined;
    current = (current as Node)[key];
  }
  return current;
}

function text(node: unknown): string | null {
  if (typeof node === 'string') return node.trim() || null;
  if (node && typeof node === 'object' && '#text' in node) return text((node as Node)['#text']);
  return null;
}

const list = (node: unknown): unknown[] => (Array.isArray(node) ? node : node === undefined ? [] : [node]);

/** "1204.82" → 120482; the XML's decimal point, never a float. */
function cents(node: unknown): number | null {
  const value = text(node);
  const m = value ? /^(-)?(\d+)(?:\.(\d{1,2}))?$/.exec(value) : null;
  if (!m) return null;
  const result = Number(m[2]) * 100 + Number((m[3] ?? '').padEnd(2, '0'));
  return m[1] ? -result : result;
}

/** CII's "20250131" (format 102) or UBL's "2025-01-31" → ISO. */
function isoDate(node: unknown): string | null {
  const value = text(node);
  if (!value) return null;
  const m = /^(\d{4})-?(\d{2})-?(\d{2})$/.exec(value);
  return m ? `${m[1]}-${m[2]}-${m[3]}` : null;
}

export interface EInvoice {
  fields: ReceiptFields;
  warnings: ReceiptWarning[];
}

export function readEInvoice(xml: string): EInvoice {
  if (/<!DOCTYPE|<!ENTITY/i.test(xml)) {
    throw new ReceiptUnreadable(
      'Die E-Rechnung enthält eine DTD; sie wird aus Sicherheitsgründen nicht gelesen.',
    );
  }
  let doc: unknown;
  try {
    doc = parser.parse(xml, true);
  } catch {
    throw new ReceiptUnreadable('Die E-Rechnung ist kein gültiges XML.');
  }
  const cii = at(doc, 'CrossIndustryInvoice');
  if (cii) return fromCii(cii);
  const zugferd1 = at(doc, 'CrossIndustryDocument');
  if (zugferd1) return fromCii(zugferd1, ZUGFERD_1);
  const ubl = at(doc, 'Invoice') ?? at(doc, 'CreditNote');
  if (ubl) return fromUbl(ubl, at(doc, 'CreditNote') !== undefined);
  throw new ReceiptUnreadable('Die XML-Datei ist keine E-Rechnung (XRechnung oder ZUGFeRD).');
}

/** An invoice line: its name, its net amount (BT-131) and its VAT rate in percent (BT-152). */
interface Item {
  name: string;
  cents: number | null;
  rate: string | null;
}

/** "19", "7.00", "19.5" → basis points (1900, 700, 1950); null for what is not a rate. */
function basisPoints(rate: string | null): bigint | null {
  const m = rate ? /^(\d{1,3})(?:\.(\d{1,2})\d*)?$/.exec(rate.trim()) : null;
  return m ? BigInt(Number(m[1]) * 100 + Number((m[2] ?? '').padEnd(2, '0'))) : null;
}

/**
 * What each line costs the landlord: the invoice's gross total (BT-112) spread over the lines by their
 * net amounts with their own VAT, so document-level allowances and charges are spread too and the
 * lines add up exactly to the total (largest remainder). Null where the lines cannot carry it (no
 * total, a rate or an amount missing, a negative line).
 */
function grossLines(items: readonly Item[], total: number | null): number[] | null {
  if (total === null) return null;
  const weights: bigint[] = [];
  for (const item of items) {
    const rate = basisPoints(item.rate) ?? (items.every((i) => i.rate === null) ? 0n : null);
    if (item.cents === null || item.cents < 0 || rate === null) return null;
    weights.push(BigInt(item.cents) * (10_000n + rate));
  }
  const sum = weights.reduce((a, b) => a + b, 0n);
  if (sum <= 0n) return null;
  return splitByWeights(Math.abs(total), weights, sum).map((c) => (total < 0 ? -c : c));
}

/** One line per cost type the items name; one line for the total where they name none or one. */
function linesOf(issuer: string | null, items: Item[], total: number | null) {
  const warnings: ReceiptWarning[] = [];
  const typed = items.map((item) => ({ ...item, type: costTypeOf(item.name) }));
  const categories = new Set(typed.filter((i) => i.type.matched).map((i) => i.type.category));
  let lines: ReceiptLine[];
  const gross = grossLines(items, total);
  if (categories.size >= 2 && gross && typed.every((i) => i.type.matched)) {
    lines = typed.map((i, k) => ({
      category: i.type.category,
      name: i.type.category ?? i.name,
      amountCents: gross[k] ?? 0,
      labourCents: null,
    }));
  } else {
    // what the items name decides; the seller's name only where they name nothing ("Müller GmbH")
    const byItems = costTypeOf(items.map((i) => i.name).join('\n'));
    const type = byItems.matched ? byItems : costTypeOf(issuer ?? '');
    if (!type.matched)
      warnings.push({
        code: 'guessed-category',
        message: 'Die Kostenart wurde nicht erkannt. Bitte wählen Sie sie.',
      });
    lines =
      total === null
        ? []
        : [
            {
              category: type.category,
              name: type.category ?? 'Nicht umlagefähig',
              amountCents: total,
              labourCents: null,
            },
          ];
  }
  const unknown = warnings.some((w) => w.code === 'guessed-category');
  if (!unknown && lines.some((l) => l.category === null)) {
    warnings.push({
      code: 'not-allocatable',
      message:
        'Reparaturen, Instandhaltung und Verwaltung sind nicht umlagefähig (§ 1 Abs. 2 BetrKV); sie werden nicht übernommen.',
    });
  }
  return { lines, warnings };
}

/** UNTDID 1001 codes of credit notes (EN 16931 BT-3): their amounts are written positive. */
const CREDIT_NOTE_CODES = new Set([
  '81',
  '83',
  '261',
  '262',
  '296',
  '308',
  '381',
  '396',
  '420',
  '458',
  '532',
]);

/** A warning where the invoice is not in euros (BT-5): its amounts are not booked as euros. */
function currencyWarnings(code: string | null): ReceiptWarning[] {
  const currency = code?.trim().toUpperCase();
  if (!currency || currency === 'EUR') return [];
  return [
    {
      code: 'foreign-currency',
      message: `Die Rechnung ist in ${currency.slice(0, 3)} ausgestellt. Bitte bestätigen Sie den Betrag in Euro; bis dahin wird sie nicht übernommen.`,
    },
  ];
}

const signed = (value: number | null, sign: number) => (value === null ? null : sign * value);

/** "Arbeitskosten … 131,00 €" or "… 131.00 EUR": a §35a labour share stated in a note (BT-22). */
const LABOUR_NOTE = /(arbeitskosten|lohnkosten|lohnanteil|arbeitsleistung|§\s?35a)/i;
function labourInNotes(notes: readonly (string | null)[]): number | null {
  for (const note of notes) {
    if (!note || !LABOUR_NOTE.test(note)) continue;
    const after = note.slice(note.search(LABOUR_NOTE));
    const german = amountsIn(after).at(-1);
    if (german) return Math.abs(german.value);
    const point = /(\d{1,9})\.(\d{2})(?!\d)/.exec(after);
    if (point) return Number(point[1]) * 100 + Number(point[2]);
  }
  return null;
}

/** The labour share of a note on the receipt's one line; on several lines the landlord assigns it. */
function withLabour(lines: ReceiptLine[], labour: number | null): ReceiptLine[] {
  const [only] = lines;
  if (labour === null || lines.length !== 1 || !only || labour > Math.abs(only.amountCents)) return lines;
  return [{ ...only, labourCents: labour }];
}

/** Where a CII syntax keeps each term: UN/CEFACT CII D16B (XRechnung, ZUGFeRD 2, Factur-X) or ZUGFeRD 1.0. */
interface CiiNames {
  header: string;
  trade: string;
  agreement: string;
  settlement: string;
  sums: string;
  lineSettlement: string;
  lineSums: string;
  rate: string;
}

const CII: CiiNames = {
  header: 'ExchangedDocument',
  trade: 'SupplyChainTradeTransaction',
  agreement: 'ApplicableHeaderTradeAgreement',
  settlement: 'ApplicableHeaderTradeSettlement',
  sums: 'SpecifiedTradeSettlementHeaderMonetarySummation',
  lineSettlement: 'SpecifiedLineTradeSettlement',
  lineSums: 'SpecifiedTradeSettlementLineMonetarySummation',
  rate: 'RateApplicablePercent',
};

/** ZUGFeRD 1.0 (2014, `CrossIndustryDocument`): the same terms under older names, still sent by old programs. */
const ZUGFERD_1: CiiNames = {
  header: 'HeaderExchangedDocument',
  trade: 'SpecifiedSupplyChainTradeTransaction',
  agreement: 'ApplicableSupplyChainTradeAgreement',
  settlement: 'ApplicableSupplyChainTradeSettlement',
  sums: 'SpecifiedTradeSettlementMonetarySummation',
  lineSettlement: 'SpecifiedSupplyChainTradeSettlement',
  lineSums: 'SpecifiedTradeSettlementMonetarySummation',
  rate: 'ApplicablePercent',
};

function fromCii(root: unknown, names: CiiNames = CII): EInvoice {
  const header = at(root, names.header);
  const trade = at(root, names.trade);
  const settlement = at(trade, names.settlement);
  const issuer = text(at(trade, names.agreement, 'SellerTradeParty', 'Name'));
  const sign = CREDIT_NOTE_CODES.has(text(at(header, 'TypeCode')) ?? '') ? -1 : 1;
  const total = signed(cents(at(settlement, names.sums, 'GrandTotalAmount')), sign); // BT-112
  const period = at(settlement, 'BillingSpecifiedPeriod'); // BT-73/74
  const start = isoDate(at(period, 'StartDateTime', 'DateTimeString'));
  const end = isoDate(at(period, 'EndDateTime', 'DateTimeString'));
  const iban = list(at(settlement, 'SpecifiedTradeSettlementPaymentMeans'))
    .map((means) => text(at(means, 'PayeePartyCreditorFinancialAccount', 'IBANID'))) // BT-84
    .find((value) => value !== null);
  const items = list(at(trade, 'IncludedSupplyChainTradeLineItem')).map((item) => {
    const line = at(item, names.lineSettlement);
    return {
      name: text(at(item, 'SpecifiedTradeProduct', 'Name')) ?? '',
      cents: cents(at(line, names.lineSums, 'LineTotalAmount')),
      rate: text(at(line, 'ApplicableTradeTax', names.rate)),
    };
  });
  const { lines, warnings } = linesOf(issuer, items, total);
  warnings.push(...currencyWarnings(text(at(settlement, 'InvoiceCurrencyCode'))));
  const notes = list(at(header, 'IncludedNote')).map((n) => text(at(n, 'Content'))); // BT-22
  return {
    fields: {
      issuer,
      invoiceNumber: text(at(header, 'ID')), // BT-1
      invoiceDate: isoDate(at(header, 'IssueDateTime', 'DateTimeString')), // BT-2
      servicePeriod: start && end ? { start, end } : null,
      totalCents: total,
      iban: iban ? normalizeIban(iban) : null,
      lines: withLabour(lines, labourInNotes(notes)),
    },
    warnings,
  };
}

function fromUbl(root: unknown, creditNote: boolean): EInvoice {
  const sums = at(root, 'LegalMonetaryTotal');
  const issuer =
    text(at(root, 'AccountingSupplierParty', 'Party', 'PartyLegalEntity', 'RegistrationName')) ??
    text(at(root, 'AccountingSupplierParty', 'Party', 'PartyName', 'Name'));
  const sign = creditNote ? -1 : 1;
  const gross = cents(at(sums, 'TaxInclusiveAmount')); // BT-112
  const total = gross === null ? null : sign * gross;
  const iban = list(at(root, 'PaymentMeans'))
    .map((means) => text(at(means, 'PayeeFinancialAccount', 'ID'))) // BT-84
    .find((value) => value !== null);
  // the net amounts stay positive: the gross total carries the credit note's sign to the lines
  const items = list(at(root, creditNote ? 'CreditNoteLine' : 'InvoiceLine')).map((item) => ({
    name: text(at(item, 'Item', 'Name')) ?? '',
    cents: cents(at(item, 'LineExtensionAmount')),
    rate: text(at(item, 'Item', 'ClassifiedTaxCategory', 'Percent')),
  }));
  const start = isoDate(at(root, 'InvoicePeriod', 'StartDate'));
  const end = isoDate(at(root, 'InvoicePeriod', 'EndDate'));
  const { lines, warnings } = linesOf(issuer, items, total);
  warnings.push(...currencyWarnings(text(at(root, 'DocumentCurrencyCode'))));
  return {
    fields: {
      issuer,
      invoiceNumber: text(at(root, 'ID')),
      invoiceDate: isoDate(at(root, 'IssueDate')),
      servicePeriod: start && end ? { start, end } : null,
      totalCents: total,
      iban: iban ? normalizeIban(iban) : null,
      lines: withLabour(lines, labourInNotes(list(at(root, 'Note')).map(text))),
    },
    warnings,
  };
}
