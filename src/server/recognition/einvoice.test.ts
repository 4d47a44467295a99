import { describe, expect, it } from 'vitest';
import { receipt, ublXml } from '../../../tests/builders/receipts';
import { readEInvoice } from './einvoice';

/** A CII invoice of a water utility: supply at 7 %, sewage without VAT, a document-level allowance. */
function cii({ typeCode = '380', currency = 'EUR', total = '1339.51' } = {}): string {
  const line = (id: number, name: string, net: string, rate: string) =>
    `<ram:IncludedSupplyChainTradeLineItem><ram:AssociatedDocumentLineDocument><ram:LineID>${id}</ram:LineID></ram:AssociatedDocumentLineDocument><ram:SpecifiedTradeProduct><ram:Name>${name}</ram:Name></ram:SpecifiedTradeProduct><ram:SpecifiedLineTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:RateApplicablePercent>${rate}</ram:RateApplicablePercent></ram:ApplicableTradeTax><ram:SpecifiedTradeSettlementLineMonetarySummation><ram:LineTotalAmount>${net}</ram:LineTotalAmount></ram:SpecifiedTradeSettlementLineMonetarySummation></ram:SpecifiedLineTradeSettlement></ram:IncludedSupplyChainTradeLineItem>`;
  return `<rsm:CrossIndustryInvoice xmlns:rsm="urn:un:unece:uncefact:data:standard:CrossIndustryInvoice:100" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:100" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:100">
<rsm:ExchangedDocument><ram:ID>WV-2025-1</ram:ID><ram:TypeCode>${typeCode}</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20260115</udt:DateTimeString></ram:IssueDateTime></rsm:ExchangedDocument>
<rsm:SupplyChainTradeTransaction>${line(1, 'Trinkwasser Verbrauch', '1000.00', '7')}${line(2, 'Schmutzwasser Entwässerung', '300.00', '0')}
<ram:ApplicableHeaderTradeAgreement><ram:SellerTradeParty><ram:Name>Wasserverband Musterland</ram:Name></ram:SellerTradeParty></ram:ApplicableHeaderTradeAgreement>
<ram:ApplicableHeaderTradeSettlement><ram:InvoiceCurrencyCode>${currency}</ram:InvoiceCurrencyCode>
<ram:SpecifiedTradeSettlementHeaderMonetarySummation><ram:GrandTotalAmount>${total}</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementHeaderMonetarySummation>
</ram:ApplicableHeaderTradeSettlement></rsm:SupplyChainTradeTransaction></rsm:CrossIndustryInvoice>`;
}

describe('an e-invoice’s lines as the landlord pays them', () => {
  it('are gross, with a document-level allowance spread, and add up exactly to the total (BT-112)', () => {
    // 1.070,00 + 300,00 = 1.370,00 gross before a 30,49 € allowance: 1.339,51, split 1.070 : 300
    const { fields, warnings } = readEInvoice(cii());
    expect(fields.totalCents).toBe(133_951);
    expect(fields.lines.map((l) => [l.category, l.amountCents])).toEqual([
      ['Wasserversorgung', 104_619],
      ['Abwasser', 29_332],
    ]);
    expect(fields.lines.reduce((s, l) => s + l.amountCents, 0)).toBe(133_951);
    expect(warnings).toEqual([]);
  });

  it('are negative on a CII credit note (type 381 and the other credit codes)', () => {
    for (const typeCode of ['381', '396', '261']) {
      const { fields } = readEInvoice(cii({ typeCode }));
      expect(fields.totalCents).toBe(-133_951);
      expect(fields.lines.map((l) => l.amountCents)).toEqual([-104_619, -29_332]);
    }
  });

  it('are not taken as euros from an invoice in another currency', () => {
    const { warnings } = readEInvoice(cii({ currency: 'HUF' }));
    expect(warnings.map((w) => w.code)).toContain('foreign-currency');
  });
});

/** A ZUGFeRD 1.0 invoice (CrossIndustryDocument, 2014) of a chimney sweep, §35a stated in a note. */
function zugferd1({ note = 'Enthaltene Arbeitskosten nach § 35a EStG: 131,00 EUR' } = {}): string {
  return `<?xml version="1.0" encoding="UTF-8"?>
<rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0" xmlns:ram="urn:un:unece:uncefact:data:standard:ReusableAggregateBusinessInformationEntity:12" xmlns:udt="urn:un:unece:uncefact:data:standard:UnqualifiedDataType:15">
<rsm:SpecifiedExchangedDocumentContext><ram:GuidelineSpecifiedDocumentContextParameter><ram:ID>urn:ferd:CrossIndustryDocument:invoice:1p0:comfort</ram:ID></ram:GuidelineSpecifiedDocumentContextParameter></rsm:SpecifiedExchangedDocumentContext>
<rsm:HeaderExchangedDocument><ram:ID>2025-318</ram:ID><ram:TypeCode>380</ram:TypeCode><ram:IssueDateTime><udt:DateTimeString format="102">20251014</udt:DateTimeString></ram:IssueDateTime><ram:IncludedNote><ram:Content>Vielen Dank für Ihren Auftrag.</ram:Content></ram:IncludedNote><ram:IncludedNote><ram:Content>${note}</ram:Content></ram:IncludedNote></rsm:HeaderExchangedDocument>
<rsm:SpecifiedSupplyChainTradeTransaction>
<ram:ApplicableSupplyChainTradeAgreement><ram:SellerTradeParty><ram:Name>Bezirksschornsteinfegermeister Otto Ruß</ram:Name></ram:SellerTradeParty></ram:ApplicableSupplyChainTradeAgreement>
<ram:ApplicableSupplyChainTradeSettlement><ram:InvoiceCurrencyCode>EUR</ram:InvoiceCurrencyCode>
<ram:SpecifiedTradeSettlementPaymentMeans><ram:TypeCode>31</ram:TypeCode><ram:PayeePartyCreditorFinancialAccount><ram:IBANID>DE02 1203 0000 0000 2020 51</ram:IBANID></ram:PayeePartyCreditorFinancialAccount></ram:SpecifiedTradeSettlementPaymentMeans>
<ram:BillingSpecifiedPeriod><ram:StartDateTime><udt:DateTimeString format="102">20251014</udt:DateTimeString></ram:StartDateTime><ram:EndDateTime><udt:DateTimeString format="102">20251014</udt:DateTimeString></ram:EndDateTime></ram:BillingSpecifiedPeriod>
<ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">142.00</ram:LineTotalAmount><ram:TaxTotalAmount currencyID="EUR">26.98</ram:TaxTotalAmount><ram:GrandTotalAmount currencyID="EUR">168.98</ram:GrandTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation>
</ram:ApplicableSupplyChainTradeSettlement>
<ram:IncludedSupplyChainTradeLineItem><ram:SpecifiedSupplyChainTradeSettlement><ram:ApplicableTradeTax><ram:TypeCode>VAT</ram:TypeCode><ram:ApplicablePercent>19.00</ram:ApplicablePercent></ram:ApplicableTradeTax><ram:SpecifiedTradeSettlementMonetarySummation><ram:LineTotalAmount currencyID="EUR">142.00</ram:LineTotalAmount></ram:SpecifiedTradeSettlementMonetarySummation></ram:SpecifiedSupplyChainTradeSettlement><ram:SpecifiedTradeProduct><ram:Name>Feuerstättenschau und Abgaswegeüberprüfung</ram:Name></ram:SpecifiedTradeProduct></ram:IncludedSupplyChainTradeLineItem>
</rsm:SpecifiedSupplyChainTradeTransaction>
</rsm:CrossIndustryDocument>`;
}

describe('ZUGFeRD 1.0 and what an e-invoice’s notes say', () => {
  it('reads a ZUGFeRD 1.0 invoice by its older names, its §35a share from a note', () => {
    const { fields, warnings } = readEInvoice(zugferd1());
    expect(fields).toEqual({
      issuer: 'Bezirksschornsteinfegermeister Otto Ruß',
      invoiceNumber: '2025-318',
      invoiceDate: '2025-10-14',
      servicePeriod: { start: '2025-10-14', end: '2025-10-14' },
      totalCents: 16_898,
      iban: 'DE02120300000000202051',
      lines: [
        {
          category: 'Schornsteinreinigung',
          name: 'Schornsteinreinigung',
          amountCents: 16_898,
          labourCents: 13_100,
        },
      ],
    });
    expect(warnings).toEqual([]);
  });

  it('reads the labour share in the XML’s own decimal point, and none above the line', () => {
    expect(readEInvoice(zugferd1({ note: 'Lohnanteil 131.00 EUR' })).fields.lines[0]?.labourCents).toBe(
      13_100,
    );
    expect(
      readEInvoice(zugferd1({ note: 'Arbeitskosten 9.999,00 €' })).fields.lines[0]?.labourCents,
    ).toBeNull();
    expect(readEInvoice(zugferd1({ note: 'Danke.' })).fields.lines[0]?.labourCents).toBeNull();
  });
});

describe('an e-invoice’s cost type', () => {
  it('comes from what its items name before the seller’s name', () => {
    const truth = receipt('schornstein').truth;
    const heating = {
      key: 'heizungswartung',
      lines: [],
      truth: {
        ...truth,
        issuer: 'Sanitär Müller GmbH',
        lines: [
          {
            category: null,
            name: 'Wartung der Heizung',
            amountCents: truth.totalCents ?? 0,
            labourCents: null,
          },
        ],
      },
    };
    expect(readEInvoice(ublXml(heating)).fields.lines.map((l) => l.category)).toEqual(['Heizkosten']);
  });

  it('takes an item named after a cost type of the BetrKV as that type, and an unknown one as unknown', () => {
    const truth = receipt('schornstein').truth;
    const named = (name: string) => ({
      key: 'benannt',
      lines: [],
      truth: {
        ...truth,
        issuer: 'Brandschutz Nord GmbH',
        lines: [{ category: null, name, amountCents: truth.totalCents ?? 0, labourCents: null }],
      },
    });
    const other = readEInvoice(ublXml(named('Sonstige Betriebskosten')));
    expect(other.fields.lines.map((l) => l.category)).toEqual(['Sonstige Betriebskosten']);
    expect(other.warnings).toEqual([]);
    // a type not recognised is for the landlord to choose, not declared not allocatable
    const unknown = readEInvoice(ublXml(named('Prüfung der Feuerlöscher')));
    expect(unknown.fields.lines.map((l) => l.category)).toEqual([null]);
    expect(unknown.warnings.map((w) => w.code)).toEqual(['guessed-category']);
  });
});
