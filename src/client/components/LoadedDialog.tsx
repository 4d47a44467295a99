// A dialog whose content needs data first: a spinner while it loads, the German reason when it cannot,
// then the content with the data.

import type { UseQueryResult } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { errorMessage } from '../lib/api';
import { FormError } from './FormError';
import { Dialog } from './ui/Dialog';
import { Spinner } from './ui/Spinner';

export function LoadedDialog<T>({
  open,
  onClose,
  title,
  description,
  className,
  query,
  loading,
  children,
}: {
  open: boolean;
  onClose: () => void;
  title: string;
  description: string;
  className?: string;
  query: UseQueryResult<T>;
  /** What the spinner says, e.g. "Darlehen werden geladen …". */
  loading: string;
  children: (data: T) => ReactNode;
}) {
  return (
    <Dialog
      open={open}
      onOpenChange={(next) => !next && onClose()}
      title={title}
      description={description}
      className={className}
    >
      {query.isPending ? (
        <Spinner label={loading} />
      ) : query.isError ? (
        <FormError message={errorMessage(query.error)} />
      ) : (
        children(query.data)
      )}
    </Dialog>
  );
}
