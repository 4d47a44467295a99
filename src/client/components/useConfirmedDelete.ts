import { useMutation } from '@tanstack/react-query';
import { errorMessage } from '../lib/api';
import { confirm } from './ui/confirm';
import { toast } from './ui/toast';

interface ConfirmedDelete<T> {
  /** Deletes the item on the server. */
  remove: (item: T) => Promise<unknown>;
  /** What the dialog says will be deleted. */
  question: (item: T) => string;
  /** The toast after deleting; none when the list shows it by itself. */
  done?: (item: T) => { title: string; description?: string };
  /** The toast's title when it failed (its text is the server's reason). */
  failed: string;
  /** Refreshes what shows the item; awaited before the toast. */
  afterwards?: (item: T) => Promise<unknown> | undefined;
}

/**
 * Deleting after a red "Löschen" confirmation, the one way every list deletes: the dialog, the
 * request, the refresh and a toast either way. `ask(item)` starts it; `pending(item)` says whether
 * that item is being deleted.
 */
export function useConfirmedDelete<T>({ remove, question, done, failed, afterwards }: ConfirmedDelete<T>) {
  const mutation = useMutation({
    mutationFn: remove,
    onSuccess: async (_, item) => {
      await afterwards?.(item);
      const shown = done?.(item);
      if (shown) toast(shown);
    },
    onError: (error) => toast({ title: failed, description: errorMessage(error), variant: 'destructive' }),
  });
  const ask = async (item: T) => {
    const ok = await confirm({ description: question(item), confirmLabel: 'Löschen', destructive: true });
    if (ok) mutation.mutate(item);
  };
  return {
    ask,
    isPending: mutation.isPending,
    pending: (item: T) => mutation.isPending && mutation.variables === item,
  };
}
