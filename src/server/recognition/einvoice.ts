// An e-invoice's fields by EN 16931 business term (docs/domain/receipts.md): XRechnung in UBL 2.1 or UN/CEFACT
// CII syntax, also the CII inside a ZUGFeRD/Factur-X PDF. Exact: what the XML says, no guessing;
// only the cost type is read from the seller's name and the items' words.

import { XMLParser } from 'fast-xml-parser';
import { normalizeIban } from '../../shared/iban';
import { costTypeOf } from '../../shared/receipts/cost-types';
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
      'InvoiceLine',
      'SpecifiedTradeSettlementPaymentMeans',
      'PaymentMeans',
    ].includes(name),
});

/** Bytes that look like an XML e-invoice (a root of UBL Invoice/CreditNote or CII). */
export function isEInvoiceXml(bytes: Uint8Array): boolean {
  const head = new TextDecoder().decode(bytes.subarray(0, 2048));
  return /<(\w+:)?(Invoice|CreditNote|CrossIndustryInvoice)[\s>]/.test(head);
}

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
  const ubl = at(doc, 'Invoice') ?? at(doc, 'CreditNote');
  if (ubl) return fromUbl(ubl, at(doc, 'CreditNote') !== undefined);
  throw new ReceiptUnreadable('Die XML-Datei ist keine E-Rechnung (XRechnung oder ZUGFeRD).');
}

/** One line per cost type the items name; one line for the total where they name none or one. */
function linesOf(
  issuer: string | null,
  items: Array<{ name: string; cents: number | null }>,
  total: number | null,
) {
  const warnings: ReceiptWarning[] = [];
  const typed = items.map((item) => ({ ...item, type: costTypeOf(item.name) }));
  const categories = new Set(typed.filter((i) => i.type.matched).map((i) => i.type.category));
  let lines: ReceiptLine[];
  if (categories.size >= 2 && typed.every((i) => i.type.matched && i.cents !== null)) {
    lines = typed.map((i) => ({
      category: i.type.category,
      name: i.type.category ?? i.name,
      amountCents: i.cents ?? 0,
      labourCents: null,
    }));
  } else {
    const type = costTypeOf([issuer ?? '', ...items.map((i) => i.name)].join('\n'));
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
  if (lines.some((l) => l.category === null)) {
    warnings.push({
      code: 'not-allocatable',
      message:
        'Reparaturen, Instandhaltung und Verwaltung sind nicht umlagefähig (§ 1 Abs. 2 BetrKV); sie werden nicht übernommen.',
    });
  }
  return { lines, warnings };
}

function fromCii(root: unknown): EInvoice {
  const trade = at(root, 'SupplyChainTradeTransaction');
  const settlement = at(trade, 'ApplicableHeaderTradeSettlement');
  const sums = at(settlement, 'SpecifiedTradeSettlementHeaderMonetarySummation');
  const issuer = text(at(trade, 'ApplicableHeaderTradeAgreement', 'SellerTradeParty', 'Name'));
  const total = cents(at(sums, 'GrandTotalAmount')); // BT-112
  const period = at(settlement, 'BillingSpecifiedPeriod'); // BT-73/74
  const start = isoDate(at(period, 'StartDateTime', 'DateTimeString'));
  const end = isoDate(at(period, 'EndDateTime', 'DateTimeString'));
  const iban = list(at(settlement, 'SpecifiedTradeSettlementPaymentMeans'))
    .map((means) => text(at(means, 'PayeePartyCreditorFinancialAccount', 'IBANID'))) // BT-84
    .find((value) => value !== null);
  const items = list(at(trade, 'IncludedSupplyChainTradeLineItem')).map((item) => ({
    name: text(at(item, 'SpecifiedTradeProduct', 'Name')) ?? '',
    cents: cents(
      at(
        item,
        'SpecifiedLineTradeSettlement',
        'SpecifiedTradeSettlementLineMonetarySummation',
        'LineTotalAmount',
      ),
    ),
  }));
  const { lines, warnings } = linesOf(issuer, items, total);
  return {
    fields: {
      issuer,
      invoiceNumber: text(at(root, 'ExchangedDocument', 'ID')), // BT-1
      invoiceDate: isoDate(at(root, 'ExchangedDocument', 'IssueDateTime', 'DateTimeString')), // BT-2
      servicePeriod: start && end ? { start, end } : null,
      totalCents: total,
      iban: iban ? normalizeIban(iban) : null,
      lines,
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
  const items = list(at(root, creditNote ? 'CreditNoteLine' : 'InvoiceLine')).map((item) => {
    const amount = cents(at(item, 'LineExtensionAmount'));
    return { name: text(at(item, 'Item', 'Name')) ?? '', cents: amount === null ? null : sign * amount };
  });
  const start = isoDate(at(root, 'InvoicePeriod', 'StartDate'));
  const end = isoDate(at(root, 'InvoicePeriod', 'EndDate'));
  const { lines, warnings } = linesOf(issuer, items, total);
  return {
    fields: {
      issuer,
      invoiceNumber: text(at(root, 'ID')),
      invoiceDate: isoDate(at(root, 'IssueDate')),
      servicePeriod: start && end ? { start, end } : null,
      totalCents: total,
      iban: iban ? normalizeIban(iban) : null,
      lines,
    },
    warnings,
  };
}
