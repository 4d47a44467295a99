import { describe, expect, it } from 'vitest';
import { contentMatchesName, isEInvoiceXml, signatureOf } from './file-signatures';

const bytes = (text: string) => new TextEncoder().encode(text);

describe('a receipt’s format by its content', () => {
  it('takes XML whose root is an e-invoice’s, with or without declaration, BOM, comments or DTD', () => {
    for (const xml of [
      '<?xml version="1.0" encoding="UTF-8"?>\n<rsm:CrossIndustryInvoice xmlns:rsm="urn:x">',
      '<rsm:CrossIndustryInvoice xmlns:rsm="urn:x">',
      '\uFEFF<Invoice xmlns="urn:oasis:names:specification:ubl:schema:xsd:Invoice-2">',
      '<!-- exported --><CreditNote xmlns="urn:oasis">',
      '<?xml version="1.0"?><rsm:CrossIndustryDocument xmlns:rsm="urn:ferd:CrossIndustryDocument:invoice:1p0">',
      '<?xml version="1.0"?><!DOCTYPE Invoice [<!ENTITY a "b">]><Invoice>',
    ]) {
      expect(isEInvoiceXml(bytes(xml)), xml).toBe(true);
      expect(signatureOf(bytes(xml))?.type).toBe('application/xml');
    }
  });

  it('refuses other XML: a web page, a feed, an SVG', () => {
    for (const xml of [
      '<?xml version="1.0"?><html xmlns="http://www.w3.org/1999/xhtml"><head><meta http-equiv="refresh" content="0;url=https://example.test"/>',
      '<rss version="2.0">',
      '<svg xmlns="http://www.w3.org/2000/svg">',
      'Invoice',
    ]) {
      expect(signatureOf(bytes(xml)), xml).toBeUndefined();
    }
    expect(contentMatchesName(bytes('<Invoice>'), 'rechnung.pdf')).toBe(false);
    expect(contentMatchesName(bytes('<Invoice>'), 'rechnung.xml')).toBe(true);
  });
});
