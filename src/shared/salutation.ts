// The letter's greeting by name where the tenant's salutation is known from the name as entered
// ("Frau Anna Schmidt" → "Sehr geehrte Frau Schmidt,"); otherwise the spec's general greeting.

export const GENERAL_SALUTATION = 'Sehr geehrte Damen und Herren,';

const ACADEMIC = /^(Dr\.|Prof\.)$/;

export function salutationFor(name: string): string {
  const [title, ...rest] = name.trim().split(/\s+/);
  const surname = rest.at(-1);
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
