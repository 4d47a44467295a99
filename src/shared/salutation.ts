// The letter's greeting by name where the tenant's salutation is known from the name as entered
// ("Frau Anna Schmidt" → "Sehr geehrte Frau Schmidt,"); a person's name without one gets the
// gender-neutral "Guten Tag Anna Schmidt," (the name is known, "Damen und Herren" reads
// like a form letter); a company or nothing gets the spec's general greeting.

export const GENERAL_SALUTATION = 'Sehr geehrte Damen und Herren,';

const ACADEMIC = /^(Dr\.|Prof\.)$/;
// a firm, an association or a community of heirs is greeted in general
const ORGANISATION =
  /\b(GmbH|mbH|AG|KG|OHG|GbR|UG|e\.\s?V\.|eG|Co\.|Erbengemeinschaft|Verein|Stiftung)(\b|$)|&/i;

export function salutationFor(name: string): string {
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const [title, ...rest] = trimmed.split(' ');
  const surname = rest.at(-1);
  if (title && !['Frau', 'Herr', 'Familie'].includes(title) && !ORGANISATION.test(trimmed) && surname) {
    return `Guten Tag ${trimmed},`;
  }
  if (!surname || ACADEMIC.test(surname)) return GENERAL_SALUTATION;
  if (title === 'Familie') return `Sehr geehrte Familie ${rest.join(' ')},`;
  const degrees = rest.filter((word) => ACADEMIC.test(word));
  const addressed = [...degrees, surname].join(' ');
  if (title === 'Frau') return `Sehr geehrte Frau ${addressed},`;
  if (title === 'Herr') return `Sehr geehrter Herr ${addressed},`;
  return GENERAL_SALUTATION;
}

/** A greeting text that opens with the general salutation gets the tenant's personal one instead. */
export function personalGreeting(text: string, tenantName: string): string {
  return text.startsWith(GENERAL_SALUTATION)
    ? salutationFor(tenantName) + text.slice(GENERAL_SALUTATION.length)
    : text;
}
