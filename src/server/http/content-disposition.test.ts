import { describe, expect, it } from 'vitest';
import { asciiFileName, contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('keeps the exact UTF-8 name in filename* and spells umlauts out in the ASCII name', () => {
    expect(contentDisposition('attachment', 'Betriebskostenabrechnung_2024_Jürgen_Weiß-Öztürk.pdf')).toBe(
      'attachment; filename="Betriebskostenabrechnung_2024_Juergen_Weiss-Oeztuerk.pdf"; ' +
        "filename*=UTF-8''Betriebskostenabrechnung_2024_J%C3%BCrgen_Wei%C3%9F-%C3%96zt%C3%BCrk.pdf",
    );
    expect(contentDisposition('inline', 'Rechnung März €.pdf')).toBe(
      `inline; filename="Rechnung Maerz _.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz%20%E2%82%AC.pdf`,
    );
  });

  it('never lets a name break out of the header', () => {
    const header = contentDisposition('attachment', 'a"b\\c\r\nSet-Cookie: x=1;(é)*\'.pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain('filename="a_b_c__Set-Cookie: x=1;(e)*\'.pdf"');
    expect(header).toContain(
      "filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%3B%28%C3%A9%29%2A%27.pdf",
    );
  });

  it('replaces what ASCII cannot spell, and never leaves the name empty', () => {
    expect(asciiFileName('Łódź €.pdf')).toBe('_odz _.pdf');
    expect(asciiFileName('  ')).toBe('download');
  });
});
