import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { changeCredits } from '../../src/server/credits/ledger';
import { sampleFormInput } from '../builders/statement';
import { createTestApp } from '../setup/app';
import { confirmAll } from '../setup/confirm-warnings';
import { type SignedUp, signUp } from '../setup/factories';
import { pdfMetadata, xmlShape, xmpProperties } from './pdf-metadata';

type App = Awaited<ReturnType<typeof createTestApp>>;

/** Names that mean something to XML (and to PDF strings), as a landlord or tenant may type them. */
const HOSTILE = [
  { landlord: 'Müller & Söhne GmbH <x>', tenant: '</rdf:li><rdf:li>evil' },
  { landlord: ']]></dc:creator><!-- "\' &amp; \\) (', tenant: '<?xpacket end="w"?> &#x26; ä' },
];

describe('metadata of every PDF the app makes', () => {
  let app: App;
  let who: SignedUp;
  beforeAll(async () => {
    app = await createTestApp();
    who = await signUp(app);
    await changeCredits(app.database.db, {
      workspaceId: who.user.id,
      userId: who.user.id,
      delta: 10,
      reason: 'adjustment',
    });
  });
  afterAll(() => app.close());

  function formWith(landlord: string, tenant: string) {
    const form = sampleFormInput({ positions: 2 });
    return {
      ...form,
      landlord: { ...form.landlord, name: landlord },
      tenant: { ...form.tenant, name: tenant },
    };
  }

  /** The preview, the final PDF and the final PDF downloaded again from the archive. */
  async function appPdfs(formData: ReturnType<typeof formWith>): Promise<[string, Buffer][]> {
    const send = (method: 'GET' | 'POST', url: string, payload?: object) =>
      app.inject({ method, url, headers: who.headers, ...(payload ? { payload } : {}) });
    const saved = await send('POST', '/api/statements', { formData });
    expect(saved.statusCode).toBe(201);
    const statementId = saved.json().id;
    const pdfs: [string, Buffer][] = [];
    for (const [kind, res] of [
      ['preview', await send('POST', '/api/statements/pdf', { formData, isPreview: true })],
      [
        'final',
        await send('POST', '/api/statements/pdf', {
          formData,
          isPreview: false,
          statementId,
          confirmedWarnings: confirmAll(formData),
        }),
      ],
      ['archived', await send('GET', `/api/statements/${statementId}/pdf`)],
    ] as const) {
      expect(res.statusCode, `${kind}: ${res.body.slice(0, 200)}`).toBe(200);
      pdfs.push([kind, res.rawPayload]);
    }
    return pdfs;
  }

  it('keeps names as text in the XMP packet and the info dictionary', async () => {
    const benign = await appPdfs(formWith('Vera Vermieter', 'Max Mieter'));
    const shapes = new Map<string, string>();
    for (const [kind, pdf] of benign) shapes.set(kind, xmlShape((await pdfMetadata(pdf)).xmp));

    for (const { landlord, tenant } of HOSTILE) {
      for (const [kind, pdf] of await appPdfs(formWith(landlord, tenant))) {
        const { info, xmp } = await pdfMetadata(pdf);
        // no element added or lost: the packet has the same structure as with plain names
        expect(xmlShape(xmp), kind).toBe(shapes.get(kind));
        const subject = `Betriebskostenabrechnung für ${tenant}`;
        expect(xmpProperties(xmp), kind).toMatchObject({
          'dc:creator': landlord,
          'dc:description': subject,
          'dc:title': info.Title,
          'xmp:CreatorTool': 'Umlage',
          'pdf:Producer': 'Umlage',
        });
        expect(info, kind).toMatchObject({ Author: landlord, Subject: subject, Creator: 'Umlage' });
        expect(info.Title, kind).toMatch(
          kind === 'preview' ? /^Vorschau: Betriebskosten/ : /^Betriebskosten/,
        );
      }
    }
  });

  it('leaves out of the XMP packet the control characters XML cannot hold', async () => {
    const landlord = 'Vera\u0001 Vermieter\u001b';
    for (const [kind, pdf] of await appPdfs(formWith(landlord, 'Max Mieter'))) {
      const { xmp } = await pdfMetadata(pdf);
      expect(xmpProperties(xmp)['dc:creator'], kind).toBe('Vera Vermieter');
    }
  });
});
