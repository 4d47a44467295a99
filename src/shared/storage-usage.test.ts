import { describe, expect, it } from 'vitest';
import { formatStorageSize, storageFullMessage, storageUsageText } from './storage-usage';

describe('storage usage texts', () => {
  it('names sizes in the largest unit with at most one decimal', () => {
    expect(formatStorageSize(0)).toBe('0 Bytes');
    expect(formatStorageSize(1023)).toBe('1023 Bytes');
    expect(formatStorageSize(1536)).toBe('1,5 KB');
    expect(formatStorageSize(1.2 * 1024 * 1024)).toBe('1,2 MB');
    expect(formatStorageSize(1024 ** 3)).toBe('1 GB');
    expect(formatStorageSize(1536 * 1024 * 1024)).toBe('1,5 GB');
  });

  it('words the bar and the refusal', () => {
    expect(storageUsageText(1.2 * 1024 * 1024, 1024 ** 3)).toBe('1,2 MB von 1 GB belegt');
    expect(storageFullMessage(1024 ** 3)).toBe(
      'Ihr Speicherplatz ist voll (1 GB). Bitte löschen Sie nicht mehr benötigte Belege.',
    );
  });
});
