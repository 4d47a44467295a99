import { lazy, Suspense, useState } from 'react';
import { usePendingConfirm } from './ui/confirm';
import { useToastItems } from './ui/toast';

const Toaster = lazy(async () => ({ default: (await import('./ui/Toaster')).Toaster }));
const ConfirmDialog = lazy(async () => ({ default: (await import('./ui/ConfirmDialog')).ConfirmDialog }));

/**
 * Mounts the toast viewport and the confirm dialog. Their Radix code loads with the first toast
 * or confirm request (keeping it out of the landing page's first load) and then stays mounted.
 */
export function OverlayHosts() {
  const toasts = useToastItems();
  const pendingConfirm = usePendingConfirm();
  const [toasterNeeded, setToasterNeeded] = useState(false);
  const [confirmNeeded, setConfirmNeeded] = useState(false);
  if (toasts.length > 0 && !toasterNeeded) setToasterNeeded(true);
  if (pendingConfirm && !confirmNeeded) setConfirmNeeded(true);
  return (
    <>
      {/* Separate boundaries: loading one must not hide (and re-animate) the other. */}
      <Suspense fallback={null}>{toasterNeeded && <Toaster />}</Suspense>
      <Suspense fallback={null}>{confirmNeeded && <ConfirmDialog />}</Suspense>
    </>
  );
}
