import { describe, expect, it } from 'vitest';
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
