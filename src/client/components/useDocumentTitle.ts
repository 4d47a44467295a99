import { useEffect } from 'react';

export const APP_NAME = 'Umlage';
export const APP_TITLE = 'Umlage – Nebenkostenabrechnungen einfach & rechtssicher';

/** Sets the tab title: `useDocumentTitle('Immobilien')` → "Immobilien – Umlage"; null → the landing title. */
export function useDocumentTitle(title: string | null) {
  useEffect(() => {
    document.title = title === null ? APP_TITLE : `${title} – ${APP_NAME}`;
  }, [title]);
}
