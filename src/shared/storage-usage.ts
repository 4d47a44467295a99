// The per-user receipt storage (quota) as the receipts page and the server's refusal word it.

import { formatNumberDe } from './money';

const UNITS = [
  ['GB', 1024 ** 3],
  ['MB', 1024 ** 2],
  ['KB', 1024],
] as const;

/** 1073741824 → '1 GB', 1258291 → '1,2 MB', 512 → '512 Bytes': at most one decimal, none when it is 0. */
export function formatStorageSize(bytes: number): string {
  for (const [unit, size] of UNITS) {
    if (bytes >= size) return `${formatNumberDe(bytes / size, 1).replace(/,0$/, '')} ${unit}`;
  }
  return `${bytes} Bytes`;
}

/** '1,2 MB von 1 GB belegt' */
export function storageUsageText(usedBytes: number, quotaBytes: number): string {
  return `${formatStorageSize(usedBytes)} von ${formatStorageSize(quotaBytes)} belegt`;
}

export function storageFullMessage(quotaBytes: number): string {
  return `Ihr Speicherplatz ist voll (${formatStorageSize(quotaBytes)}). Bitte löschen Sie nicht mehr benötigte Belege.`;
}
