import { randomUUID } from 'node:crypto';
import type fc from 'fast-check';
import type { FuzzContext } from './cases';
import type { JsonSchema } from './openapi';
import { plausible } from './plausible';
import { nastyValue, XSS } from './values';

export const PDF_BYTES = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n',
);
const EXE_BYTES = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(200, 0x90)]);
const HTML_BYTES = Buffer.from(
  `<!doctype html><html><body>${XSS}<script>alert(document.cookie)</script></body></html>`,
);
const SVG_BYTES = Buffer.from(
  `<svg xmlns="http://www.w3.org/2000/svg" onload="alert(1)"><script>alert(2)</script></svg>`,
);

export interface Part {
  name: string;
  value: string | Buffer;
  /** Makes it a file part. */
  filename?: string;
  type?: string;
}

export interface MultipartCase {
  name: string;
  payload: Buffer;
  contentType: string;
}

/** A multipart/form-data body as a browser builds it. */
export function multipartBody(parts: Part[], boundary = `----fuzz${randomUUID()}`, close = true): Buffer {
  const chunks = parts.flatMap((p) => [
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="${p.name}"` +
        (p.filename !== undefined
          ? `; filename="${p.filename}"\r\nContent-Type: ${p.type ?? 'application/octet-stream'}`
          : '') +
        '\r\n\r\n',
    ),
    Buffer.isBuffer(p.value) ? p.value : Buffer.from(p.value),
    Buffer.from('\r\n'),
  ]);
  return Buffer.concat([...chunks, Buffer.from(close ? `--${boundary}--\r\n` : '')]);
}

const typeFor = (boundary: string) => `multipart/form-data; boundary=${boundary}`;

/**
 * Malformed uploads for a multipart operation: file parts come from the schema's `format: binary`
 * fields, text parts from its other fields (plausible, then one at a time nasty), plus broken framing.
 */
export function multipartCases(
  schema: JsonSchema,
  ctx: FuzzContext,
  sample: <T>(arb: fc.Arbitrary<T>, n: number, salt: number) => T[],
): MultipartCase[] {
  const properties = Object.entries(schema.properties ?? {});
  const fileFields = properties.filter(([, s]) => s.format === 'binary').map(([name]) => name);
  const fileField = fileFields[0] ?? 'file';
  const textFields = properties.filter(([, s]) => s.format !== 'binary');
  const textSchema: JsonSchema = { type: 'object', properties: Object.fromEntries(textFields) };
  const toText = (value: unknown) => (typeof value === 'string' ? value : (JSON.stringify(value) ?? ''));
  const fieldsOf = (value: unknown): Part[] =>
    Object.entries(typeof value === 'object' && value ? value : {}).flatMap(([name, v]) =>
      Array.isArray(v) ? v.map((item) => ({ name, value: toText(item) })) : [{ name, value: toText(v) }],
    );
  const [base = {}] = sample(plausible(textSchema, ctx.ids), 1, 11);
  const fields = fieldsOf(base);
  const file = (value: Buffer, filename = 'beleg.pdf', type = 'application/pdf'): Part => ({
    name: fileField,
    value,
    filename,
    type,
  });
  const ok = (name: string, parts: Part[]): MultipartCase => {
    const boundary = `----fuzz${randomUUID()}`;
    return { name, payload: multipartBody(parts, boundary), contentType: typeFor(boundary) };
  };

  const cases: MultipartCase[] = [
    ok('plausible', [...fields, file(PDF_BYTES)]),
    ok('victim-ids', [...ctx.ids.victim.map((id) => ({ name: 'propertyId', value: id })), file(PDF_BYTES)]),
    ok('file-first', [file(PDF_BYTES), ...fields]),
    ok('no-file', fields),
    ok('empty-file', [...fields, file(Buffer.alloc(0))]),
    ok('two-files', [...fields, file(PDF_BYTES), file(PDF_BYTES, 'zwei.pdf')]),
    ok('other-field-name', [...fields, { ...file(PDF_BYTES), name: 'attachment' }]),
    ok('exe-as-png', [...fields, file(EXE_BYTES, 'bild.png', 'image/png')]),
    ok('html-as-pdf', [...fields, file(HTML_BYTES, 'beleg.pdf', 'application/pdf')]),
    ok('html', [...fields, file(HTML_BYTES, 'seite.html', 'text/html')]),
    ok('svg', [...fields, file(SVG_BYTES, 'bild.svg', 'image/svg+xml')]),
    ok('path-filename', [...fields, file(PDF_BYTES, '../../../../etc/passwd')]),
    ok('html-filename', [...fields, file(PDF_BYTES, `${XSS}.pdf`)]),
    ok('quote-filename', [...fields, file(PDF_BYTES, 'a"; filename*=UTF-8\'\'evil.html; x=".pdf')]),
    ok('nul-filename', [...fields, file(PDF_BYTES, 'a\u0000b.pdf')]),
    ok('long-filename', [...fields, file(PDF_BYTES, `${'ä'.repeat(2_000)}.pdf`)]),
    ok('invalid-utf8', [
      { name: textFields[0]?.[0] ?? 'name', value: Buffer.from([0xc3, 0x28, 0xff, 0xed, 0xa0, 0x80]) },
      file(PDF_BYTES, Buffer.from([0xff, 0xfe, 0x2e, 0x70, 0x64, 0x66]).toString('latin1')),
    ]),
    ok('nul-field', [{ name: textFields[0]?.[0] ?? 'name', value: 'a\u0000b' }, file(PDF_BYTES)]),
    ok('huge-field', [{ name: textFields[0]?.[0] ?? 'name', value: 'x'.repeat(20_000) }, file(PDF_BYTES)]),
    ok('many-fields', [
      ...Array.from({ length: 40 }, (_v, i) => ({ name: `f${i}`, value: 'x' })),
      file(PDF_BYTES),
    ]),
    ok('many-tags', [...Array.from({ length: 60 }, () => ({ name: 'tags', value: XSS })), file(PDF_BYTES)]),
    ok('too-large', [...fields, file(Buffer.concat([PDF_BYTES, Buffer.alloc(10 * 1024 * 1024 + 1, 0x20)]))]),
  ];

  // one text field at a time gets a nasty value
  const nasty = sample(
    nastyValue([...ctx.ids.victim, ...ctx.ids.own]),
    Math.max(6, textFields.length * 2),
    12,
  );
  nasty.forEach((value, i) => {
    const target = textFields[i % Math.max(1, textFields.length)]?.[0] ?? 'name';
    const parts = [...fields.filter((f) => f.name !== target), { name: target, value: toText(value) }];
    cases.push(ok('nasty-field', [...parts, file(PDF_BYTES)]));
  });

  const boundary = `----fuzz${randomUUID()}`;
  const valid = multipartBody([...fields, file(PDF_BYTES)], boundary);
  cases.push(
    { name: 'no-boundary', payload: valid, contentType: 'multipart/form-data' },
    { name: 'wrong-boundary', payload: valid, contentType: typeFor('something-else') },
    {
      name: 'truncated',
      payload: multipartBody([...fields, file(PDF_BYTES)], boundary, false),
      contentType: typeFor(boundary),
    },
    { name: 'cut-in-header', payload: valid.subarray(0, 30), contentType: typeFor(boundary) },
    {
      name: 'no-disposition',
      payload: Buffer.from(`--${boundary}\r\nContent-Type: text/plain\r\n\r\nhallo\r\n--${boundary}--\r\n`),
      contentType: typeFor(boundary),
    },
    { name: 'garbage', payload: Buffer.from(randomUUID().repeat(50)), contentType: typeFor(boundary) },
    { name: 'json-body', payload: Buffer.from(JSON.stringify(base)), contentType: 'application/json' },
    { name: 'empty', payload: Buffer.alloc(0), contentType: typeFor(boundary) },
  );
  return cases;
}
