// Invented German receipts of a 6-unit house's year, each with its truth: the fields a
// reader must find. Issuers, people, numbers and IBANs are made up (the IBANs pass the mod-97 check).
// Rendered as a text PDF, an e-invoice (XRechnung CII/UBL, ZUGFeRD), a 300-dpi scan and a phone photo.

import { createCanvas, loadImage } from '@napi-rs/canvas';
import PDFDocument from 'pdfkit';
import { fontFile } from '../../src/server/pdf/fonts';
import { openPdf, renderPages } from '../../src/server/recognition/pdf-pages';
import type { ReceiptFields } from '../../src/shared/schemas/receipt';

export interface InventedReceipt {
  key: string;
  /** The letter's lines from top to bottom; a tab puts the rest at the right edge (amount column). */
  lines: string[];
  truth: ReceiptFields;
}

const LANDLORD = ['Herrn Karl Beispiel', 'Lindenallee 7', '12345 Musterstadt'];

export const RECEIPTS: InventedReceipt[] = [
  {
    key: 'wasser',
    lines: [
      'Stadtwerke Musterstadt GmbH · Am Wasserwerk 1 · 12345 Musterstadt',
      ...LANDLORD,
      'Musterstadt, 20.01.2026',
      'Jahresabrechnung Trinkwasser',
      'Rechnungsnummer: SW-2025-44871',
      'Abrechnungszeitraum: 01.01.2025 - 31.12.2025',
      'Verbrauch 412 m³ Trinkwasser\t1.030,00 €',
      'Grundpreis Zähler\t96,00 €',
      'Nettobetrag\t1.126,00 €',
      'Umsatzsteuer 7 %\t78,82 €',
      'Gesamtbetrag\t1.204,82 €',
      'abzüglich geleistete Abschläge\t1.140,00 €',
      'Nachzahlung\t64,82 €',
      'Bitte überweisen Sie auf IBAN DE12 5001 0517 0648 4898 90',
    ],
    truth: {
      issuer: 'Stadtwerke Musterstadt GmbH',
      invoiceNumber: 'SW-2025-44871',
      invoiceDate: '2026-01-20',
      servicePeriod: { start: '2025-01-01', end: '2025-12-31' },
      totalCents: 120_482,
      iban: 'DE12500105170648489890',
      lines: [
        { category: 'Wasserversorgung', name: 'Wasserversorgung', amountCents: 120_482, labourCents: null },
      ],
    },
  },
  {
    key: 'grundbesitz',
    lines: [
      'Stadt Musterstadt · Steueramt · Rathausplatz 1 · 12345 Musterstadt',
      ...LANDLORD,
      'Bescheiddatum: 12.02.2025',
      'Bescheid über Grundbesitzabgaben für das Jahr 2025',
      'Kassenzeichen: 4711.0815.2025',
      'Grundsteuer B\t612,40 €',
      'Müllabfuhr Restmüll 240 l\t498,00 €',
      'Straßenreinigung\t121,60 €',
      'Niederschlagswasser 180 m²\t205,20 €',
      'Jahresbetrag\t1.437,20 €',
      'Fällig am 15.02., 15.05., 15.08. und 15.11.2025 je\t359,30 €',
      'Stadtkasse IBAN DE06 1000 0000 0010 0015 90',
    ],
    truth: {
      issuer: 'Stadt Musterstadt',
      invoiceNumber: '4711.0815.2025',
      invoiceDate: '2025-02-12',
      servicePeriod: { start: '2025-01-01', end: '2025-12-31' },
      totalCents: 143_720,
      iban: 'DE06100000000010001590',
      lines: [
        { category: 'Grundsteuer', name: 'Grundsteuer', amountCents: 61_240, labourCents: null },
        { category: 'Müllabfuhr', name: 'Müllabfuhr', amountCents: 49_800, labourCents: null },
        { category: 'Straßenreinigung', name: 'Straßenreinigung', amountCents: 12_160, labourCents: null },
        { category: 'Abwasser', name: 'Abwasser', amountCents: 20_520, labourCents: null },
      ],
    },
  },
  {
    key: 'versicherung',
    lines: [
      'Hanse Gebäudeschutz Versicherung AG · Postfach 10 20 30 · 20095 Hamburg',
      ...LANDLORD,
      'Hamburg, 05.06.2025',
      'Beitragsrechnung Wohngebäudeversicherung',
      'Versicherungsschein-Nr. WG-88120-7',
      'Versicherungszeitraum 01.07.2025 bis 30.06.2026',
      'Wohngebäude Lindenallee 7\t1.769,16 €',
      'Versicherungsteuer 19 %\t336,14 €',
      'Jahresbeitrag\t2.105,30 €',
      'Der Beitrag wird am 01.07.2025 von Ihrem Konto DE89 3704 0044 0532 0130 00 abgebucht.',
    ],
    truth: {
      issuer: 'Hanse Gebäudeschutz Versicherung AG',
      invoiceNumber: 'WG-88120-7',
      invoiceDate: '2025-06-05',
      servicePeriod: { start: '2025-07-01', end: '2026-06-30' },
      totalCents: 210_530,
      iban: null,
      lines: [
        { category: 'Versicherungen', name: 'Versicherungen', amountCents: 210_530, labourCents: null },
      ],
    },
  },
  {
    key: 'schornstein',
    lines: [
      'Bezirksschornsteinfegermeister Otto Ruß · Kaminweg 3 · 12345 Musterstadt',
      ...LANDLORD,
      'Rechnungsdatum: 14.10.2025',
      'Rechnung Nr. 2025-318',
      'Leistungszeitraum: 14.10.2025 - 14.10.2025',
      'Feuerstättenschau und Abgaswegeüberprüfung\t142,00 €',
      'Nettobetrag\t142,00 €',
      'MwSt 19 %\t26,98 €',
      'Rechnungsbetrag\t168,98 €',
      'Enthaltene Arbeitskosten nach § 35a EStG\t131,00 €',
      'IBAN DE02 5001 0517 0137 0750 30',
    ],
    truth: {
      issuer: 'Bezirksschornsteinfegermeister Otto Ruß',
      invoiceNumber: '2025-318',
      invoiceDate: '2025-10-14',
      servicePeriod: { start: '2025-10-14', end: '2025-10-14' },
      totalCents: 16_898,
      iban: 'DE02500105170137075030',
      lines: [
        {
          category: 'Schornsteinreinigung',
          name: 'Schornsteinreinigung',
          amountCents: 16_898,
          labourCents: 13_100,
        },
      ],
    },
  },
  {
    key: 'hauswart',
    lines: [
      'Hausmeisterservice Kowalski GmbH · Gewerbering 12 · 12345 Musterstadt',
      ...LANDLORD,
      'Datum: 31.12.2025',
      'Rechnung Nr. HK-2025-12',
      'Leistungszeitraum: 01.01.2025 - 31.12.2025',
      'Hausmeisterdienste 12 Monate à 180,00 €\t2.160,00 €',
      'Nettobetrag\t2.160,00 €',
      'Umsatzsteuer 19 %\t410,40 €',
      'Gesamtbetrag\t2.570,40 €',
      'Darin enthaltene Lohnkosten\t2.570,40 €',
      'Bankverbindung: IBAN DE02 1005 0000 0054 5404 02',
    ],
    truth: {
      issuer: 'Hausmeisterservice Kowalski GmbH',
      invoiceNumber: 'HK-2025-12',
      invoiceDate: '2025-12-31',
      servicePeriod: { start: '2025-01-01', end: '2025-12-31' },
      totalCents: 257_040,
      iban: 'DE02100500000054540402',
      lines: [{ category: 'Hauswart', name: 'Hauswart', amountCents: 257_040, labourCents: 257_040 }],
    },
  },
  {
    key: 'reparatur',
    lines: [
      'Tischlerei Holzmann e.K. · Sägeweg 4 · 12345 Musterstadt',
      ...LANDLORD,
      'Rechnungsdatum: 03.04.2025',
      'Rechnung Nr. 1187',
      'Reparatur der Haustür, Schloss erneuert',
      'Material und Arbeit\t386,00 €',
      'Nettobetrag\t386,00 €',
      'MwSt 19 %\t73,34 €',
      'Rechnungsbetrag\t459,34 €',
      'IBAN DE02 3002 0900 0106 5310 65',
    ],
    truth: {
      issuer: 'Tischlerei Holzmann e.K.',
      invoiceNumber: '1187',
      invoiceDate: '2025-04-03',
      servicePeriod: null,
      totalCents: 45_934,
      iban: 'DE02300209000106531065',
      lines: [{ category: null, name: 'Nicht umlagefähig', amountCents: 45_934, labourCents: null }],
    },
  },
  {
    key: 'garten',
    lines: [
      'Grünwerk Gartenpflege GmbH · Am Feldrain 9 · 12349 Musterstadt',
      ...LANDLORD,
      'Rechnungsdatum: 30.11.2025',
      'Rechnung Nr. GW-7781',
      'Leistungszeitraum: 01.03.2025 - 30.11.2025',
      'Rasenmähen, Heckenschnitt und Laub, 9 Monate\t1.260,00 €',
      'Nettobetrag\t1.260,00 €',
      'Umsatzsteuer 19 %\t239,40 €',
      'Gesamtbetrag\t1.499,40 €',
      'Enthaltene Lohnkosten\t1.180,00 €',
      'IBAN DE02 3704 0044 0532 0131 11',
    ],
    truth: {
      issuer: 'Grünwerk Gartenpflege GmbH',
      invoiceNumber: 'GW-7781',
      invoiceDate: '2025-11-30',
      servicePeriod: { start: '2025-03-01', end: '2025-11-30' },
      totalCents: 149_940,
      iban: 'DE02370400440532013111',
      lines: [{ category: 'Gartenpflege', name: 'Gartenpflege', amountCents: 149_940, labourCents: 118_000 }],
    },
  },
  {
    key: 'reinigung',
    lines: [
      'Glanz & Co. Gebäudedienste KG · Bahnhofstr. 21 · 12345 Musterstadt',
      ...LANDLORD,
      'Datum: 15.01.2026',
      'Rechnung Nr. 2026-0042',
      'Zeitraum: 01.01.2025 - 31.12.2025',
      'Treppenhausreinigung wöchentlich, 52 Einsätze\t1.820,00 €',
      'Nettobetrag\t1.820,00 €',
      'MwSt 19 %\t345,80 €',
      'Rechnungsbetrag\t2.165,80 €',
      'Darin Arbeitskosten\t2.050,00 €',
      'IBAN DE88 1002 0030 0004 4556 67',
    ],
    truth: {
      issuer: 'Glanz & Co. Gebäudedienste KG',
      invoiceNumber: '2026-0042',
      invoiceDate: '2026-01-15',
      servicePeriod: { start: '2025-01-01', end: '2025-12-31' },
      totalCents: 216_580,
      iban: 'DE88100200300004455667',
      lines: [
        {
          category: 'Gebäudereinigung',
          name: 'Gebäudereinigung',
          amountCents: 216_580,
          labourCents: 205_000,
        },
      ],
    },
  },
  {
    key: 'aufzug',
    lines: [
      'Nordlift Aufzugsservice GmbH · Hafenweg 2 · 20457 Hamburg',
      ...LANDLORD,
      'Rechnungsdatum: 10.02.2025',
      'Rechnungsnummer: NL-25-00317',
      'Leistungszeitraum: 01.02.2025 - 31.01.2026',
      'Wartungsvertrag Personenaufzug, Jahrespauschale\t1.150,00 €',
      'Notrufbereitschaft\t240,00 €',
      'Nettobetrag\t1.390,00 €',
      'Umsatzsteuer 19 %\t264,10 €',
      'Gesamtbetrag\t1.654,10 €',
      'IBAN DE61 7605 0101 0012 3456 78',
    ],
    truth: {
      issuer: 'Nordlift Aufzugsservice GmbH',
      invoiceNumber: 'NL-25-00317',
      invoiceDate: '2025-02-10',
      servicePeriod: { start: '2025-02-01', end: '2026-01-31' },
      totalCents: 165_410,
      iban: 'DE61760501010012345678',
      lines: [{ category: 'Aufzug', name: 'Aufzug', amountCents: 165_410, labourCents: null }],
    },
  },
  {
    key: 'heizoel',
    lines: [
      'Brennstoffhandel Kohlmann GmbH · Ölweg 5 · 12345 Musterstadt',
      ...LANDLORD,
      'Lieferdatum und Rechnungsdatum: 22.09.2025',
      'Rechnung Nr. 93314',
      'Heizöl EL schwefelarm, 4.000 Liter',
      'Heizöl 4.000 l à 0,98 €\t3.920,00 €',
      'Nettobetrag\t3.920,00 €',
      'MwSt 19 %\t744,80 €',
      'Rechnungsbetrag\t4.664,80 €',
      'IBAN DE47 5001 0517 5407 3241 01',
    ],
    truth: {
      issuer: 'Brennstoffhandel Kohlmann GmbH',
      invoiceNumber: '93314',
      invoiceDate: '2025-09-22',
      servicePeriod: null,
      totalCents: 466_480,
      iban: 'DE47500105175407324101',
      lines: [{ category: 'Heizkosten', name: 'Heizkosten', amountCents: 466_480, labourCents: null }],
    },
  },
  {
    key: 'allgemeinstrom',
    lines: [
      'Stadtwerke Musterstadt GmbH · Am Wasserwerk 1 · 12345 Musterstadt',
      ...LANDLORD,
      'Musterstadt, 28.01.2026',
      'Jahresabrechnung Allgemeinstrom Lindenallee 7',
      'Rechnungsnummer: SW-2025-51190',
      'Abrechnungszeitraum: 01.01.2025 - 31.12.2025',
      'Verbrauch 1.840 kWh Allgemeinstrom\t552,00 €',
      'Grundpreis\t138,00 €',
      'Nettobetrag\t690,00 €',
      'Umsatzsteuer 19 %\t131,10 €',
      'Gesamtbetrag\t821,10 €',
      'abzüglich geleistete Abschläge\t900,00 €',
      'Guthaben\t78,90 €',
      'Das Guthaben überweisen wir auf Ihr Konto DE75 1203 0000 1020 3040 50.',
    ],
    truth: {
      issuer: 'Stadtwerke Musterstadt GmbH',
      invoiceNumber: 'SW-2025-51190',
      invoiceDate: '2026-01-28',
      servicePeriod: { start: '2025-01-01', end: '2025-12-31' },
      totalCents: 82_110,
      iban: null,
      lines: [{ category: 'Beleuchtung', name: 'Beleuchtung', amountCents: 82_110, labourCents: null }],
    },
  },
];

/** Tabs split a line into text and the amount at the right edge. */
function cells(line: string): [string, string | undefined] {
  const [text = '', amount] = line.split('\t');
  return [text, amount];
}

/** The receipt as a text PDF of one A4 page, optionally with an e-invoice XML attached (ZUGFeRD). */
/** A bank's yearly statement of a loan (not a cost): the tax year takes its interest into the loan. */
export const LOAN_STATEMENT: InventedReceipt = {
  key: 'darlehen',
  lines: [
    'Sparkasse Musterstadt · Marktplatz 1 · 12345 Musterstadt',
    ...LANDLORD,
    'Musterstadt, 05.01.2026',
    'Jahreskontoauszug 2025 Annuitätendarlehen',
    'Darlehensnummer: 7001234567',
    'Zeitraum 01.01.2025 - 31.12.2025',
    'Saldo am 01.01.2025\t200.000,00 €',
    'Gezahlte Zinsen 2025\t5.812,34 €',
    'Geleistete Tilgung\t4.987,66 €',
    'Saldo am 31.12.2025\t195.012,34 €',
  ],
  truth: {
    issuer: 'Sparkasse Musterstadt',
    invoiceNumber: null,
    invoiceDate: '2026-01-05',
    servicePeriod: { start: '2025-01-01', end: '2025-12-31' },
    totalCents: null,
    iban: null,
    lines: [],
    loanStatement: { year: 2025, interestCents: 5_812_34, repaymentCents: 4_987_66 },
  },
};

export function receiptPdf(
  receipt: InventedReceipt,
  attachment?: { name: string; xml: string },
): Promise<Uint8Array> {
  const doc = new PDFDocument({ size: 'A4', margin: 60, info: { Title: receipt.key } });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  );
  doc.font(fontFile('regular'));
  let y = 60;
  receipt.lines.forEach((line, i) => {
    const [text, amount] = cells(line);
    // the sender line small above the address window, the subject bold, a gap before the items
    const size = i === 0 ? 8 : 11;
    if (i === 4 || i === 6) y += 14;
    doc.fontSize(size).text(text, 70, y, { lineBreak: false });
    if (amount) doc.text(amount, 380, y, { width: 150, align: 'right', lineBreak: false });
    y += size + 9;
  });
  if (attachment) {
    doc.file(Buffer.from(attachment.xml), {
      name: attachment.name,
      type: 'text/xml',
      description: 'Factur-X invoice',
    });
  }
  doc.end();
  return done;
}

const cents = (value: number) => (value / 100).toFixed(2);
const xml = (text: string | null) => (text ?? '').replaceAll('&', '&amp;').replaceAll('<', '&lt;');
const compact = (iso: string) => iso.replaceAll('-', '');

/** The receipt as an XRechnung in UN/CEFACT CII syntax (also the XML inside a ZUGFeRD PDF). */
export function ciiXml(receipt: InventedReceipt, extra = ''): string {
  const t = receipt.truth;
  const period = t.servicePeriod
    ? `<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">${compact(t.servicePeriod.start)}</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format="102">${compact(t.servicePeriod.end)}</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>`
    : '';
  const items = t.lines
    .map(
      (l, i) =>
        `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${i + 1}</ram:LineID></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>${xml(l.name)}</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeSettlement><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${cents(l.amountCents)}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>${extra}
<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:ExchangedDocumentContext>
<rsm:ExchangedDocument><ram:ID>${t.invoiceNumber}</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">${compact(t.invoiceDate ?? '2025-01-01')}</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>${items}
<ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>${xml(t.issuer)}</ram:Name></ram:SellerTradeParty><ram:BuyerTradeParty><ram:Name>Karl Beispiel</ram:Name></ram:BuyerTradeParty></ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeDelivery/>
<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>${t.iban ? `<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>58</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>${t.iban}</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>` : ''}${period}
<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:LineTotalAmount>${cents(t.totalCents ?? 0)}</ram:LineTotalAmount><ram:TaxBasisTotalAmount>${cents(t.totalCents ?? 0)}</ram:TaxBasisTotalAmount><ram:GrandTotalAmount>${cents(t.totalCents ?? 0)}</ram:GrandTotalAmount><ram:TotalPrepaidAmount>0.00</ram:TotalPrepaidAmount><ram:DuePayableAmount>${cents(t.totalCents ?? 0)}</ram:DuePayableAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`;
}

/** The receipt as an XRechnung in UBL 2.1 syntax. */
export function ublXml(receipt: InventedReceipt): string {
  const t = receipt.truth;
  const lines = t.lines
    .map(
      (l, i) =>
        `<cac:InvoiceLine><cbc:ID>${i + 1}</cbc:ID><cbc:LineExtensionAmount currencyID="EUR">${cents(l.amountCents)}</cbc:LineExtensionAmount><cac:Item><cbc:Name>${xml(l.name)}</cbc:Name></cac:Item></cac:InvoiceLine>`,
    )
    .join('');
  return `<?xml version="1.0" encoding="UTF-8"?>
<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2" xmlns:cac="urn:oasis:names:specification:ubl:schema:xsd:CommonAggregateComponents-2" xmlns:cbc="urn:oasis:names:specification:ubl:schema:xsd:CommonBasicComponents-2">
<cbc:CustomizationID>urn:cen.eu:en16931:2017#compliant#urn:xeinkauf.de:kosit:xrechnung_3.0</cbc:CustomizationID>
<cbc:ID>${t.invoiceNumber}</cbc:ID><cbc:IssueDate>${t.invoiceDate}</cbc:IssueDate><cbc:InvoiceTypeCode>380</cbc:InvoiceTypeCode><cbc:DocumentCurrencyCode>EUR</cbc:DocumentCurrencyCode>
${t.servicePeriod ? `<cac:InvoicePeriod><cbc:StartDate>${t.servicePeriod.start}</cbc:StartDate><cbc:EndDate>${t.servicePeriod.end}</cbc:EndDate></cac:InvoicePeriod>` : ''}
<cac:AccountingSupplierParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>${xml(t.issuer)}</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingSupplierParty>
<cac:AccountingCustomerParty><cac:Party><cac:PartyLegalEntity><cbc:RegistrationName>Karl Beispiel</cbc:RegistrationName></cac:PartyLegalEntity></cac:Party></cac:AccountingCustomerParty>
${t.iban ? `<cac:PaymentMeans><cbc:PaymentMeansCode>58</cbc:PaymentMeansCode><cac:PayeeFinancialAccount><cbc:ID>${t.iban}</cbc:ID></cac:PayeeFinancialAccount></cac:PaymentMeans>` : ''}
<cac:LegalMonetaryTotal><cbc:LineExtensionAmount currencyID="EUR">${cents(t.totalCents ?? 0)}</cbc:LineExtensionAmount><cbc:TaxExclusiveAmount currencyID="EUR">${cents(t.totalCents ?? 0)}</cbc:TaxExclusiveAmount><cbc:TaxInclusiveAmount currencyID="EUR">${cents(t.totalCents ?? 0)}</cbc:TaxInclusiveAmount><cbc:PayableAmount currencyID="EUR">${cents(t.totalCents ?? 0)}</cbc:PayableAmount></cac:LegalMonetaryTotal>
${lines}
</Invoice>`;
}

export const receipt = (key: string): InventedReceipt => {
  const found = RECEIPTS.find((r) => r.key === key);
  if (!found) throw new Error(`no invented receipt ${key}`);
  return found;
};

/** A deterministic stream of numbers in [0, 1): the same specks on every run. */
function noise(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1_103_515_245 + 12_345) % 2_147_483_648;
    return state / 2_147_483_648;
  };
}

async function pageOf(receipt: InventedReceipt, dpi: number) {
  const pdf = await openPdf(await receiptPdf(receipt));
  try {
    const [page] = await renderPages(pdf, dpi);
    if (!page) throw new Error('no page');
    return page;
  } finally {
    await pdf.destroy();
  }
}

/** A 300-dpi scan: grey, a little askew, with specks of dust. */
export async function scanPng(receipt: InventedReceipt): Promise<Uint8Array> {
  const page = await pageOf(receipt, 300);
  const image = await loadImage(Buffer.from(page.png));
  const canvas = createCanvas(page.width, page.height);
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#f4f4f2';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((0.7 * Math.PI) / 180);
  ctx.globalCompositeOperation = 'multiply';
  ctx.drawImage(image, -canvas.width / 2, -canvas.height / 2);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const random = noise(receipt.key.length);
  ctx.fillStyle = '#555';
  for (let i = 0; i < 1500; i++) ctx.fillRect(random() * canvas.width, random() * canvas.height, 2, 2);
  return canvas.encode('png');
}

/** The scan as a PDF without a text layer, as a copier sends it. */
export async function scanPdf(receipt: InventedReceipt): Promise<Uint8Array> {
  const png = Buffer.from(await scanPng(receipt));
  const doc = new PDFDocument({ size: 'A4', margin: 0 });
  const chunks: Buffer[] = [];
  doc.on('data', (c: Buffer) => chunks.push(c));
  const done = new Promise<Uint8Array>((resolve) =>
    doc.on('end', () => resolve(new Uint8Array(Buffer.concat(chunks)))),
  );
  doc.image(png, 0, 0, { width: doc.page.width, height: doc.page.height });
  doc.end();
  return done;
}

/** A phone photo: the sheet on a desk, turned two degrees, unevenly lit, as a JPEG. */
export async function photoJpeg(receipt: InventedReceipt): Promise<Uint8Array> {
  const page = await pageOf(receipt, 220);
  const image = await loadImage(Buffer.from(page.png));
  const canvas = createCanvas(Math.round(page.width * 1.12), Math.round(page.height * 1.08));
  const ctx = canvas.getContext('2d');
  ctx.fillStyle = '#6b5a48';
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.translate(canvas.width / 2, canvas.height / 2);
  ctx.rotate((-2 * Math.PI) / 180);
  ctx.drawImage(image, -page.width / 2, -page.height / 2);
  ctx.setTransform(1, 0, 0, 1, 0, 0);
  const light = ctx.createLinearGradient(0, 0, canvas.width, canvas.height);
  light.addColorStop(0, 'rgba(255,255,255,0)');
  light.addColorStop(1, 'rgba(0,0,40,0.18)');
  ctx.fillStyle = light;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  return canvas.encode('jpeg', 82);
}

/** A baseline JPEG's start whose frame header claims `width` × `height`, with `fill` 0xFF bytes before it. */
export function jpegClaiming(width: number, height: number, fill: number): Uint8Array {
  const app0 = [0xff, 0xe0, 0x00, 0x10, ...Buffer.from('JFIF\0'), 1, 1, 0, 0, 1, 0, 1, 0, 0];
  const sof0 = [0xff, 0xc0, 0x00, 0x11, 8, height >> 8, height & 0xff, width >> 8, width & 0xff, 3];
  const components = [1, 0x22, 0, 2, 0x11, 1, 3, 0x11, 1];
  return Uint8Array.from([
    0xff,
    0xd8,
    ...app0,
    ...Array(fill).fill(0xff),
    ...sof0,
    ...components,
    0xff,
    0xd9,
  ]);
}
