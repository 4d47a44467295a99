import { AlertDialog } from 'radix-ui';
import { buttonClasses } from './Button';
import { settle, usePendingConfirm } from './confirm';
import { dialogPanelClasses, overlayClasses } from './Dialog';

/** Renders the confirm dialog (loaded on the first request, see OverlayHosts). */
export function ConfirmDialog() {
  const current = usePendingConfirm();
  return (
    <AlertDialog.Root open={current !== null} onOpenChange={(open) => !open && settle(false)}>
      <AlertDialog.Portal>
        <AlertDialog.Overlay className={overlayClasses} />
        <AlertDialog.Content className={dialogPanelClasses}>
          <AlertDialog.Title className="text-lg font-semibold text-slate-900">
            {current?.title ?? 'Sind Sie sicher?'}
          </AlertDialog.Title>
          <AlertDialog.Description className="mt-2 text-sm text-slate-600">
            {current?.description ?? 'Diese Aktion kann nicht rückgängig gemacht werden.'}
          </AlertDialog.Description>
          <div className="mt-6 flex flex-col-reverse gap-2 sm:flex-row sm:justify-end">
            <AlertDialog.Cancel className={buttonClasses({ variant: 'secondary' })}>
              {current?.cancelLabel ?? 'Abbrechen'}
            </AlertDialog.Cancel>
            <AlertDialog.Action
              className={buttonClasses({ variant: current?.destructive ? 'destructive' : 'primary' })}
              onClick={() => settle(true)}
            >
              {current?.confirmLabel ?? 'Bestätigen'}
            </AlertDialog.Action>
          </div>
        </AlertDialog.Content>
      </AlertDialog.Portal>
    </AlertDialog.Root>
  );
}
