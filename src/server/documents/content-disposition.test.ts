import { describe, expect, it } from 'vitest';
import { contentDisposition } from './content-disposition';

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name per RFC 5987', () => {
    expect(contentDisposition('inline', 'Rechnung März.pdf')).toBe(
      `inline; filename="Rechnung Marz.pdf"; filename*=UTF-8''Rechnung%20M%C3%A4rz.pdf`,
    );
    expect(contentDisposition('attachment', 'Straße €.png')).toBe(
      `attachment; filename="Stra_e _.png"; filename*=UTF-8''Stra%C3%9Fe%20%E2%82%AC.png`,
    );
  });

  it('cannot be broken out of by quotes, backslashes or line breaks', () => {
    const header = contentDisposition('inline', 'a"b\\c\r\nSet-Cookie: x=1\'(*).pdf');
    expect(header).not.toMatch(/[\r\n]/);
    expect(header).toContain('filename="a_b_c__Set-Cookie: x=1\'(*).pdf"');
    expect(header).toContain(`filename*=UTF-8''a%22b%5Cc%0D%0ASet-Cookie%3A%20x%3D1%27%28%2A%29.pdf`);
  });
});
