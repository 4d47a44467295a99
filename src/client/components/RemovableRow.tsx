import { Trash2 } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from './ui/Button';
import { cx } from './ui/cx';

let lastRowId = 0;
/** A key for a row typed into a list: it keeps its identity when a row above it is removed. */
export const newRowId = () => `row-${++lastRowId}`;

/** Two fields side by side (one above the other on a phone) and the button that removes them. */
export function RemovableRow({
  children,
  wide = false,
  removeLabel,
  onRemove,
}: {
  children: ReactNode;
  /** The first field twice as wide (a reason beside its amount). */
  wide?: boolean;
  removeLabel: string;
  onRemove: () => void;
}) {
  return (
    <div
      className={cx(
        'grid items-start gap-2',
        wide ? 'sm:grid-cols-[2fr_1fr_auto]' : 'sm:grid-cols-[1fr_1fr_auto]',
      )}
    >
      {children}
      <Button
        variant="ghost"
        size="icon"
        className="justify-self-end text-red-700 hover:bg-red-50 sm:mt-6"
        aria-label={removeLabel}
        onClick={onRemove}
      >
        <Trash2 aria-hidden="true" className="size-4" />
      </Button>
    </div>
  );
}
