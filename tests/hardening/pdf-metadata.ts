// Everything a PDF says about itself outside its pages: the information dictionary and the XMP
// packet, the latter read by a strict XML reader (a viewer, an archive or a search index will).

import { pdfInfo, pdfXmp } from '../../src/server/pdf/testing/poppler';
import { descendants, parseXml, textOf, type XmlElement } from './strict-xml';

export interface PdfMetadata {
  /** The information dictionary as `pdfinfo` reads it: Title, Author, Subject, Creator, Producer. */
  info: Record<string, string>;
  xmp: XmlElement;
}

/** Throws when the XMP packet is missing or not well-formed XML. */
export async function pdfMetadata(pdf: Uint8Array): Promise<PdfMetadata> {
  const [info, packet] = await Promise.all([pdfInfo(pdf), pdfXmp(pdf)]);
  if (packet.trim() === '') throw new Error('the PDF has no XMP metadata');
  return { info, xmp: parseXml(packet.trim()) };
}

/**
 * The XMP properties by name ('dc:creator' → 'Müller'): the text of each property of every
 * rdf:Description, the items of an rdf:Alt, rdf:Bag or rdf:Seq joined by newlines.
 */
export function xmpProperties(xmp: XmlElement): Record<string, string> {
  const properties: Record<string, string> = {};
  for (const description of descendants(xmp).filter((e) => e.name === 'rdf:Description')) {
    for (const property of description.children) {
      if (typeof property === 'string') continue;
      const items = descendants(property).filter((e) => e.name === 'rdf:li');
      properties[property.name] = items.length > 0 ? items.map(textOf).join('\n') : textOf(property);
    }
  }
  return properties;
}

/** The element names of the packet as a tree, e.g. 'x:xmpmeta(rdf:RDF(…))': its structure. */
export function xmlShape(element: XmlElement): string {
  const children = element.children.filter((c): c is XmlElement => typeof c !== 'string');
  return children.length === 0 ? element.name : `${element.name}(${children.map(xmlShape).join(',')})`;
}
