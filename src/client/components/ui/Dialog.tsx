import { X } from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import type { ReactNode } from 'react';
import { Button } from './Button';
import { cx } from './cx';

export const overlayClasses = 'fixed inset-0 z-40 bg-slate-900/50 animate-fade-in';
export const dialogPanelClasses = cx(
  'fixed top-1/2 left-1/2 z-50 w-[calc(100vw-2rem)] max-w-lg -translate-x-1/2 -translate-y-1/2',
  'max-h-[calc(100dvh-2rem)] overflow-y-auto rounded-lg bg-white p-6 shadow-xl animate-pop-in focus:outline-none',
);

interface DialogProps {
  open?: boolean;
  onOpenChange?: (open: boolean) => void;
  /** An element that opens the dialog (rendered via Radix `asChild`). */
  trigger?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children?: ReactNode;
  /** Buttons below the content, right-aligned. */
  footer?: ReactNode;
  className?: string;
}

/** A modal dialog: focus is trapped, Escape and the close button close it, focus returns after. */
export function Dialog({
  open,
  onOpenChange,
  trigger,
  title,
  description,
  children,
  footer,
  className,
}: DialogProps) {
  return (
    <RadixDialog.Root open={open} onOpenChange={onOpenChange}>
      {trigger && <RadixDialog.Trigger asChild>{trigger}</RadixDialog.Trigger>}
      <RadixDialog.Portal>
        <RadixDialog.Overlay className={overlayClasses} />
        <RadixDialog.Content
          className={cx(dialogPanelClasses, className)}
          {...(description ? {} : { 'aria-describedby': undefined })}
        >
          <RadixDialog.Title className="pr-8 text-lg font-semibold text-slate-900">{title}</RadixDialog.Title>
          {description && (
            <RadixDialog.Description className="mt-2 text-sm text-slate-600">
              {description}
            </RadixDialog.Description>
          )}
          {children && <div className="mt-4">{children}</div>}
          {footer && (
            <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">{footer}</div>
          )}
          <RadixDialog.Close
            aria-label="Schließen"
            className="absolute top-4 right-4 rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
          >
            <X aria-hidden="true" className="size-5" />
          </RadixDialog.Close>
        </RadixDialog.Content>
      </RadixDialog.Portal>
    </RadixDialog.Root>
  );
}

/** The end of a form in a Dialog: "Abbrechen" closes it, the submit button saves. */
export function DialogFormActions({
  submitting,
  submitLabel = 'Speichern',
  destructive = false,
  className,
}: {
  submitting: boolean;
  submitLabel?: string;
  destructive?: boolean;
  className?: string;
}) {
  return (
    <div className={cx('flex flex-col-reverse gap-2 sm:flex-row sm:justify-end', className)}>
      <RadixDialog.Close asChild>
        <Button variant="secondary">Abbrechen</Button>
      </RadixDialog.Close>
      <Button type="submit" variant={destructive ? 'destructive' : 'primary'} loading={submitting}>
        {submitLabel}
      </Button>
    </div>
  );
}
