import type { FieldValues, Path, UseFormSetError } from 'react-hook-form';
import { ApiError } from './api';

/**
 * Puts the server's field errors (`error.fields`) onto a react-hook-form form and focuses the
 * first one. Returns false when there were none, so the caller can show a toast instead.
 */
export function applyFieldErrors<T extends FieldValues>(
  form: { setError: UseFormSetError<T> },
  error: unknown,
): boolean {
  if (!(error instanceof ApiError) || !error.fields) return false;
  const entries = Object.entries(error.fields);
  entries.forEach(([name, message], index) => {
    // The server names fields by their dotted path, which is how react-hook-form names them too.
    form.setError(name as Path<T>, { type: 'server', message }, { shouldFocus: index === 0 });
  });
  return entries.length > 0;
}
