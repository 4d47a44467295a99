/** `a` → `%61`: a character of a path in percent-encoding, which the router decodes again. */
const encoded = (char: string) => `%${char.charCodeAt(0).toString(16).padStart(2, '0')}`;

/** The segment with its first character percent-encoded (`api` → `%61pi`). */
const encodeFirst = (segment: string) => (segment ? encoded(segment.charAt(0)) + segment.slice(1) : segment);

/**
 * Other spellings of a request path (`/api/properties/1`) that a router or a proxy may take for the same
 * route, so that a check of the raw URL (a prefix, an exemption list) can be dodged by them:
 * percent-encoded letters (in each segment alone and in all), doubled and trailing slashes, upper
 * case, dot segments (plain and encoded), an encoded slash, a backslash, a `;` parameter. Checks must
 * decide on the route the router found (or on every request), never on the URL as sent.
 */
export function pathSpellings(path: string): string[] {
  const segments = path.split('/').slice(1);
  const join = (parts: string[], separator = '/') => `/${parts.join(separator)}`;
  const [first = '', ...rest] = segments;
  const spellings = [
    join(segments.map(encodeFirst)),
    ...segments.map((_s, i) => join(segments.map((s, j) => (i === j ? encodeFirst(s) : s)))),
    join(segments.map((s) => s.replace(/[a-z]/g, (c) => encoded(c).toUpperCase()))),
    `/${join(segments, '//')}`,
    `/${path}`,
    join(segments, '//'),
    `${path}/`,
    `${path}//`,
    path.toUpperCase(),
    join([first.toUpperCase(), ...rest]),
    join([first, '.', ...rest]),
    join([first, 'x', '..', ...rest]),
    join([first, '%2e', ...rest]),
    join([first, 'x', '%2e%2e', ...rest]),
    `/${first}%2F${rest.join('/')}`,
    `/${first}\\${rest.join('\\')}`,
    `${path};x=1`,
    `${path}%00`,
  ];
  return [...new Set(spellings)].filter((s) => s !== path);
}
