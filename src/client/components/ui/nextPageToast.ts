// Kept apart from toast.ts (which needs React) so the landing page's first script can ask it.

/** sessionStorage key of a toast that the previous page left for the next one. */
export const NEXT_PAGE_KEY = 'umlage.nextPageToast';

/** Whether the previous page left a toast for this one. */
export function hasNextPageToast(): boolean {
  try {
    return window.sessionStorage.getItem(NEXT_PAGE_KEY) !== null;
  } catch {
    return false;
  }
}
