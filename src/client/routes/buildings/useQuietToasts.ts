import { useEffect } from 'react';
import { dismiss, useToastItems } from '../../components/ui/toast';

/**
 * Closes the toasts while a dialog is open: the toast viewport lies above dialogs and would cover
 * their buttons; what it said (the last save) has been read or announced by then.
 */
export function useQuietToasts(open: boolean) {
  const toasts = useToastItems();
  useEffect(() => {
    if (!open) return;
    for (const t of toasts) if (t.open) dismiss(t.id);
  }, [open, toasts]);
}
