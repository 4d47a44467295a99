// Names and purposes compared as words, whatever their case, umlauts or punctuation.

/** Lower case, umlauts spelled out, words only: "Müller-Lüdenscheidt" → ["mueller", "luedenscheidt"]. */
export function words(text: string): string[] {
  return text
    .toLowerCase()
    .replaceAll('ä', 'ae')
    .replaceAll('ö', 'oe')
    .replaceAll('ü', 'ue')
    .replaceAll('ß', 'ss')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .split(/[^a-z0-9]+/)
    .filter((w) => w !== '');
}
