import type { DocumentItem } from './api';

export type RecognitionState = 'reading' | 'recognised' | 'check' | 'confirmed' | 'unreadable';

/** The list's word for where a receipt stands: wird gelesen / erkannt / bitte prüfen / nicht lesbar. */
export function recognitionState(d: DocumentItem): RecognitionState | null {
  if (d.booking) return 'confirmed';
  const r = d.recognition;
  if (!r) return null;
  if (r.status === 'pending' || r.status === 'running') return 'reading';
  if (r.status === 'failed') return 'unreadable';
  return r.warnings.length > 0 ? 'check' : 'recognised';
}

export const STATE_LABELS: Record<RecognitionState, string> = {
  reading: 'wird gelesen',
  recognised: 'erkannt',
  check: 'bitte prüfen',
  confirmed: 'bestätigt',
  unreadable: 'nicht lesbar',
};
