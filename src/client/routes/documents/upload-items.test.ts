import { describe, expect, it } from 'vitest';
import { checkChosenFile } from './upload-items';

const file = (bytes: string | Uint8Array<ArrayBuffer>, name: string, type: string) =>
  new File([bytes], name, { type });

describe('a receipt chosen for upload', () => {
  it('is refused by its bytes when a text file is named .pdf', async () => {
    expect(await checkChosenFile(file('Hallo, nur Text', 'rechnung.pdf', 'application/pdf'))).toEqual({
      ok: false,
      title: 'Ungültiger Dateityp',
      message: '"rechnung.pdf" ist keine PDF-, JPG- oder PNG-Datei.',
    });
  });

  it('is taken when its bytes are the format its name says', async () => {
    expect(await checkChosenFile(file('%PDF-1.7\n', 'rechnung.pdf', 'application/pdf'))).toEqual({
      ok: true,
    });
    const png = new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0]);
    expect(await checkChosenFile(file(png, 'zaehler.png', 'image/png'))).toEqual({ ok: true });
    expect((await checkChosenFile(file(png, 'zaehler.jpg', 'image/jpeg'))).ok).toBe(false);
  });
});
