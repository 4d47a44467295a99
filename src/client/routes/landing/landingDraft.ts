// What a visitor types into the landing wizard stays in this browser (localStorage) until they
// register; then it becomes their first draft statement. It holds statement data only, never a password.

import {
  readStoredFormData,
  type StatementFormInput,
  toFormInput,
} from '../../../shared/schemas/statement-form';
import { saveDraft } from '../statements/api';

export const LANDING_DRAFT_KEY = 'umlage.landingDraft.v1';

function storage(): Storage | null {
  try {
    return window.localStorage;
  } catch {
    // Storage can be switched off (private mode, blocked site data): then nothing is kept.
    return null;
  }
}

export function saveLandingDraft(values: StatementFormInput) {
  try {
    storage()?.setItem(LANDING_DRAFT_KEY, JSON.stringify(values));
  } catch {
    // A full storage only means the draft is not kept.
  }
}

/** The stored draft as form values, or null. Damaged fields come back empty (tolerant reader). */
export function loadLandingDraft(): StatementFormInput | null {
  const raw = storage()?.getItem(LANDING_DRAFT_KEY);
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    if (typeof parsed !== 'object' || parsed === null) return null;
    // Without a version the reader takes form strings ("1.234,56") as the wizard holds them.
    return toFormInput(readStoredFormData({ ...parsed, version: undefined }));
  } catch {
    return null;
  }
}

export function clearLandingDraft() {
  storage()?.removeItem(LANDING_DRAFT_KEY);
}

export type AdoptResult =
  | { status: 'none' }
  | { status: 'saved'; statementId: string }
  | { status: 'failed' };

/**
 * Call right after a visitor registered (signed in): saves the landing draft as their first draft
 * statement and removes it from the browser. Never throws; on failure the draft stays stored.
 */
export async function adoptLandingDraft(): Promise<AdoptResult> {
  const draft = loadLandingDraft();
  if (!draft) return { status: 'none' };
  try {
    const statement = await saveDraft(undefined, { ...draft, selectedPropertyId: null });
    clearLandingDraft();
    return { status: 'saved', statementId: statement.id };
  } catch {
    return { status: 'failed' };
  }
}
