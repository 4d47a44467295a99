import { describe, expect, it } from 'vitest';
import { sniffFileType, verifiedFileType } from './file-type';
import { newStorageKey } from './storage-key';
import { fileNameOf } from './upload-document';

const PDF = Buffer.from('%PDF-1.7\n');
const PNG = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0]);
const JPEG = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0, 0x10]);
const EXE = Buffer.from('MZ\x90\x00\x03\x00\x00\x00');

describe('sniffFileType', () => {
  it('recognises PDF, PNG and JPEG by their first bytes', () => {
    expect(sniffFileType(PDF)).toBe('application/pdf');
    expect(sniffFileType(PNG)).toBe('image/png');
    expect(sniffFileType(JPEG)).toBe('image/jpeg');
  });

  it('knows nothing else, and nothing from too few bytes', () => {
    expect(sniffFileType(EXE)).toBeNull();
    expect(sniffFileType(Buffer.from('GIF89a'))).toBeNull();
    expect(sniffFileType(Buffer.alloc(0))).toBeNull();
    expect(sniffFileType(Buffer.from('%PD'))).toBeNull();
    expect(sniffFileType(PNG.subarray(0, 7))).toBeNull();
  });
});

describe('verifiedFileType', () => {
  it('accepts content whose name and declared type agree with it', () => {
    expect(verifiedFileType(PDF, 'Rechnung.PDF', 'application/pdf')).toBe('application/pdf');
    expect(verifiedFileType(JPEG, 'foto.jpeg', 'image/jpg')).toBe('image/jpeg');
    expect(verifiedFileType(JPEG, 'foto.jpg', 'image/jpeg')).toBe('image/jpeg');
    expect(verifiedFileType(PNG, 'scan.png', 'image/png; charset=binary')).toBe('image/png');
  });

  it('lets the content decide when name or type say nothing', () => {
    expect(verifiedFileType(PDF, 'Rechnung', '')).toBe('application/pdf');
    expect(verifiedFileType(PNG, 'scan.png', 'application/octet-stream')).toBe('image/png');
  });

  it('refuses a renamed program and a PNG declared as PDF', () => {
    expect(verifiedFileType(EXE, 'rechnung.pdf', 'application/pdf')).toBeNull();
    expect(verifiedFileType(PNG, 'scan.pdf', 'image/png')).toBeNull();
    expect(verifiedFileType(PNG, 'scan.png', 'application/pdf')).toBeNull();
    expect(verifiedFileType(PDF, 'rechnung.exe', 'application/pdf')).toBeNull();
  });
});

describe('fileNameOf', () => {
  it('keeps the base name without folders and control characters', () => {
    expect(fileNameOf('C:\\Users\\Erika\\Rechnung März.pdf')).toBe('Rechnung März.pdf');
    expect(fileNameOf('../../etc/passwd')).toBe('passwd');
    expect(fileNameOf('a\r\nb.pdf')).toBe('ab.pdf');
    expect(fileNameOf('   ')).toBe('Beleg');
    expect(fileNameOf(`${'x'.repeat(300)}.pdf`)).toHaveLength(255);
  });
});

describe('newStorageKey', () => {
  it('is {workspaceId}/{timestamp-ms}-{random}.{ext} and differs within one millisecond', () => {
    const a = newStorageKey('user1', 'image/jpeg', 1_700_000_000_000);
    const b = newStorageKey('user1', 'image/jpeg', 1_700_000_000_000);
    expect(a).toMatch(/^user1\/1700000000000-[0-9a-f]{8}\.jpg$/);
    expect(a).not.toBe(b);
  });
});
