import type { DocumentItem } from './api';

export type RecognitionState = 'reading' | 'recognised' | 'check' | 'confirmed' | 'unreadable';

/** The list's word for where a receipt stands: wird gelesen / sicher erkannt / bitte prüfen / nicht lesbar. */
export function recognitionState(d: DocumentItem): RecognitionState | null {
  if (d.booking) return 'confirmed';
  const r = d.recognition;
  if (!r) return null;
  if (r.status === 'pending' || r.status === 'running') return 'reading';
  if (r.status === 'failed') return 'unreadable';
  // sure must mean right: a reading that is not sure in every field asks the landlord
  return r.sure ? 'recognised' : 'check';
}

/** What needs the landlord first: bitte prüfen, nicht lesbar, then what is still read, sure, confirmed. */
const ORDER: Record<RecognitionState, number> = {
  check: 0,
  unreadable: 1,
  reading: 2,
  recognised: 3,
  confirmed: 4,
};

/** The receipts in the order a landlord works through them; without a reading last, newest first within. */
export function byWhatNeedsYou(documents: readonly DocumentItem[]): DocumentItem[] {
  const rank = (d: DocumentItem) => {
    const state = recognitionState(d);
    return state === null ? 5 : ORDER[state];
  };
  return [...documents].sort((a, b) => rank(a) - rank(b) || b.uploadDate.localeCompare(a.uploadDate));
}

/** Receipts read as sure and not yet confirmed: what "Alle sicher erkannten bestätigen" confirms. */
export function sureToConfirm(documents: readonly DocumentItem[]): number {
  return documents.filter((d) => recognitionState(d) === 'recognised').length;
}

export const STATE_LABELS: Record<RecognitionState, string> = {
  reading: 'wird gelesen',
  recognised: 'sicher erkannt',
  check: 'bitte prüfen',
  confirmed: 'bestätigt',
  unreadable: 'nicht lesbar',
};
