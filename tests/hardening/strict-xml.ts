// A small, strict XML reader for checking what the app writes (e.g. a PDF's XMP metadata): it
// refuses what a conforming parser refuses (a bare '&' or '<', unknown entities, mismatched or
// unclosed tags, duplicate attributes, text outside the root) instead of guessing around it.

export interface XmlElement {
  name: string;
  attributes: Record<string, string>;
  children: XmlNode[];
}
export type XmlNode = XmlElement | string;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };
const NAME = /[A-Za-z_][\w.:-]*/y;
/** An entity reference, or what text may not hold: '&', '<', ']]>', characters outside XML 1.0. */
const NOT_XML = /&([^;]*);|&|<|\]\]>|[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

export function parseXml(source: string): XmlElement {
  let at = 0;
  const fail = (what: string): never => {
    throw new Error(`not well-formed XML: ${what} at ${at}: ${JSON.stringify(source.slice(at, at + 40))}`);
  };

  function name(): string {
    NAME.lastIndex = at;
    const match = NAME.exec(source);
    if (!match) return fail('name expected');
    at = NAME.lastIndex;
    return match[0];
  }

  function space(): void {
    while (/\s/.test(source[at] ?? '')) at++;
  }

  function expect(literal: string): void {
    if (!source.startsWith(literal, at)) fail(`'${literal}' expected`);
    at += literal.length;
  }

  function skipPast(end: string): void {
    const found = source.indexOf(end, at);
    if (found === -1) fail(`'${end}' missing`);
    at = found + end.length;
  }

  /** Processing instructions and comments; true when one was skipped. */
  function skipMarkup(): boolean {
    if (source.startsWith('<?', at)) skipPast('?>');
    else if (source.startsWith('<!--', at)) skipPast('-->');
    else return false;
    return true;
  }

  function decode(raw: string, start: number): string {
    return raw.replace(NOT_XML, (whole, entity: string | undefined) => {
      at = start + raw.indexOf(whole);
      if (entity === undefined) return fail(`${JSON.stringify(whole)} in text`);
      if (entity in ENTITIES) return ENTITIES[entity] ?? '';
      const code = /^#x[0-9a-f]+$/i.test(entity)
        ? Number.parseInt(entity.slice(2), 16)
        : /^#\d+$/.test(entity)
          ? Number(entity.slice(1))
          : Number.NaN;
      return Number.isNaN(code) ? fail(`unknown entity &${entity};`) : String.fromCodePoint(code);
    });
  }

  function element(): XmlElement {
    expect('<');
    const tag = name();
    const attributes: Record<string, string> = {};
    for (;;) {
      const before = at;
      space();
      if (source.startsWith('/>', at)) {
        at += 2;
        return { name: tag, attributes, children: [] };
      }
      if (source[at] === '>') {
        at++;
        break;
      }
      if (at === before) fail('space expected');
      const key = name();
      space();
      expect('=');
      space();
      const quote = source[at];
      if (quote !== '"' && quote !== "'") return fail('quoted value expected');
      const end = source.indexOf(quote, at + 1);
      if (end === -1) fail('unclosed value');
      if (key in attributes) fail(`duplicate attribute ${key}`);
      attributes[key] = decode(source.slice(at + 1, end), at + 1);
      at = end + 1;
    }
    const children: XmlNode[] = [];
    for (;;) {
      const next = source.indexOf('<', at);
      if (next === -1) return fail(`<${tag}> not closed`);
      if (next > at) children.push(decode(source.slice(at, next), at));
      at = next;
      if (source.startsWith('</', at)) {
        at += 2;
        const closing = name();
        if (closing !== tag) fail(`</${closing}> closes <${tag}>`);
        space();
        expect('>');
        return { name: tag, attributes, children };
      }
      if (source.startsWith('<![CDATA[', at)) {
        const start = at + 9;
        skipPast(']]>');
        children.push(source.slice(start, at - 3));
      } else if (!skipMarkup()) {
        children.push(element());
      }
    }
  }

  const misc = () => {
    do space();
    while (skipMarkup());
  };
  misc();
  const root = element();
  misc();
  if (at !== source.length) fail('content after the root element');
  return root;
}

/** The elements below `element` (itself included), depth first. */
export function descendants(element: XmlElement): XmlElement[] {
  return [element, ...element.children.flatMap((c) => (typeof c === 'string' ? [] : descendants(c)))];
}

/** The element's text, its children's included. */
export function textOf(node: XmlNode): string {
  return typeof node === 'string' ? node : node.children.map(textOf).join('');
}
