import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { isEInvoiceXml } from '../../shared/file-signatures';
import { type ReadReceipt, readReceipt } from './read-receipt';

// Public conformance files, read as uploaded (their READMEs say where they come from): the KoSIT
// XRechnung test suite's business and technical cases and the examples of the EN 16931 validation
// artefacts, UBL and UN/CEFACT CII, as XML; the Mustang project's ZUGFeRD 1 and 2, Factur-X and
// XRechnung PDFs with their XML embedded. What each file says is taken from its text by the standard's element
// names, independently of the reader's parser: number (BT-1), date (BT-2), total with VAT (BT-112, a
// credit note's negative), the seller's name (BT-27) and the currency (BT-5).

const FIXTURES = join(import.meta.dirname, '../../../tests/fixtures');
const filesOf = (suites: string[], extension: RegExp) =>
  suites.flatMap((suite) =>
    readdirSync(join(FIXTURES, suite))
      .filter((name) => extension.test(name))
      .map((name) => `${suite}/${name}`),
  );
const XML_FILES = filesOf(['xrechnung-testsuite', 'en16931-examples'], /\.xml$/i);
const PDF_FILES = filesOf(['mustang-zugferd'], /\.pdf$/);

/** The text of the first element named `tag`, within the first element named `within` if given. */
function first(xml: string, tag: string, within?: string): string {
  const scope = within
    ? (new RegExp(`<(?:\\w+:)?${within}\\b[\\s\\S]*?</(?:\\w+:)?${within}>`).exec(xml)?.[0] ?? '')
    : xml;
  const value = new RegExp(`<(?:\\w+:)?${tag}(?:\\s[^>]*)?>([^<]*)</`).exec(scope)?.[1];
  if (value === undefined) throw new Error(`${tag} not found`);
  return value.trim().replace(/&amp;/g, '&');
}

function stated(xml: string) {
  // CII, also ZUGFeRD 1.0's CrossIndustryDocument with its HeaderExchangedDocument
  const cii = /<(?:\w+:)?CrossIndustry(?:Invoice|Document)\b/.test(xml);
  const header = '(?:Header)?ExchangedDocument';
  const total = cii ? first(xml, 'GrandTotalAmount') : first(xml, 'TaxInclusiveAmount');
  const credit = /<(?:\w+:)?CreditNote\b/.test(xml) || (cii && first(xml, 'TypeCode', header) === '381');
  const [whole = '', part = ''] = total.replace('-', '').split('.');
  const cents = Number(whole) * 100 + Number(part.padEnd(2, '0'));
  const day = cii ? first(xml, 'DateTimeString', 'IssueDateTime') : first(xml, 'IssueDate');
  return {
    invoiceNumber: cii ? first(xml, 'ID', header) : first(xml, 'ID'),
    invoiceDate: cii ? `${day.slice(0, 4)}-${day.slice(4, 6)}-${day.slice(6, 8)}` : day,
    totalCents: (total.startsWith('-') !== credit ? -1 : 1) * cents,
    issuer: cii
      ? first(xml, 'Name', 'SellerTradeParty')
      : first(xml, 'RegistrationName', 'AccountingSupplierParty'),
    currency: cii ? first(xml, 'InvoiceCurrencyCode') : first(xml, 'DocumentCurrencyCode'),
  };
}

/** The XML a PDF carries, taken with pdfjs on its own. */
async function attachedXml(bytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: bytes.slice(), verbosity: 0 }).promise;
  const attachments = Object.values((await pdf.getAttachments()) ?? {}) as Array<{
    filename: string;
    content: Uint8Array;
  }>;
  await pdf.destroy();
  const xml = attachments.find((a) => /\.xml$/i.test(a.filename));
  if (!xml) throw new Error('no XML attached');
  return new TextDecoder().decode(xml.content);
}

describe('public e-invoice conformance files', () => {
  it('are all here: 86 of the KoSIT suite, 33 EN 16931 examples, 10 PDFs of the Mustang project', () => {
    expect(XML_FILES.filter((f) => f.startsWith('xrechnung')).length).toBe(86);
    expect(XML_FILES.filter((f) => f.startsWith('en16931')).length).toBe(33);
    expect(PDF_FILES.length).toBe(10);
  });

  it.each(XML_FILES)(
    '%s: recognised as an e-invoice, number, date, total and issuer as the file states them',
    async (name) => {
      const bytes = new Uint8Array(readFileSync(join(FIXTURES, name)));
      expect(isEInvoiceXml(bytes.subarray(0, 4096))).toBe(true);
      expectAsStated(await readReceipt(bytes, 'application/xml'), new TextDecoder().decode(bytes));
    },
  );

  it.each(PDF_FILES)(
    '%s: its embedded e-invoice read, number, date, total and issuer as it states them',
    async (name) => {
      const bytes = new Uint8Array(readFileSync(join(FIXTURES, name)));
      expectAsStated(await readReceipt(bytes, 'application/pdf'), await attachedXml(bytes));
    },
  );
});

function expectAsStated(read: ReadReceipt, xml: string) {
  const { currency, ...fields } = stated(xml);
  expect(read.method).toBe('e-invoice');
  expect({
    invoiceNumber: read.fields.invoiceNumber,
    invoiceDate: read.fields.invoiceDate,
    totalCents: read.fields.totalCents,
    issuer: read.fields.issuer,
  }).toEqual(fields);
  // the lines book exactly the total; an amount in another currency is never taken as euros
  expect(read.fields.lines.reduce((sum, l) => sum + l.amountCents, 0)).toBe(read.fields.totalCents);
  expect(read.warnings.some((w) => w.code === 'foreign-currency')).toBe(currency !== 'EUR');
}
