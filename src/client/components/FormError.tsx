import { CircleAlert } from 'lucide-react';
import { errorMessage } from '../lib/api';

/** The root error of a dialog form for what the server refused without naming a field. */
export const serverError = (error: unknown) => ({ type: 'server', message: errorMessage(error) });

/** The form's own error above its fields (e.g. the server's "Die Mietverhältnisse überschneiden sich …"). */
export function FormError({ message }: { message: string | undefined }) {
  if (!message) return null;
  return (
    <p
      role="alert"
      className="flex items-start gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
    >
      <CircleAlert aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      <span>{message}</span>
    </p>
  );
}
