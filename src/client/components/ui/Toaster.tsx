import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { cx } from './cx';
import {
  dismiss,
  remove,
  TOAST_DURATION_MS,
  TOAST_SWIPE_THRESHOLD_PX,
  type ToastVariant,
  useToastItems,
} from './toast';

const VARIANT_CLASSES: Record<ToastVariant, string> = {
  default: 'border-slate-200 bg-white text-slate-900',
  destructive: 'border-red-800 bg-red-700 text-white',
};

/** Renders the toasts with Radix Toast (loaded on the first toast, see OverlayHosts). F8 focuses the viewport. */
export function Toaster() {
  const current = useToastItems();
  return (
    <Toast.Provider
      duration={TOAST_DURATION_MS}
      swipeDirection="right"
      swipeThreshold={TOAST_SWIPE_THRESHOLD_PX}
      label="Benachrichtigung"
    >
      {current.map((item) => (
        <Toast.Root
          key={item.id}
          open={item.open}
          duration={item.duration}
          type={item.variant === 'destructive' ? 'foreground' : 'background'}
          onOpenChange={(open) => {
            if (!open) dismiss(item.id);
          }}
          // Drop the item once the close animation has run.
          onAnimationEnd={() => {
            if (!item.open) remove(item.id);
          }}
          className={cx(
            'ui-toast pointer-events-auto relative flex w-full items-start gap-3 rounded-lg border p-4 pr-10 shadow-lg',
            VARIANT_CLASSES[item.variant ?? 'default'],
          )}
        >
          <div className="grid gap-1">
            <Toast.Title className="text-sm font-semibold">{item.title}</Toast.Title>
            {item.description && (
              <Toast.Description className="text-sm opacity-90">{item.description}</Toast.Description>
            )}
          </div>
          <Toast.Close
            aria-label="Schließen"
            className={cx(
              'absolute top-3 right-3 rounded-md p-1 opacity-80 hover:opacity-100',
              item.variant === 'destructive' ? 'focus-visible:outline-white' : '',
            )}
          >
            <X aria-hidden="true" className="size-4" />
          </Toast.Close>
        </Toast.Root>
      ))}
      <Toast.Viewport
        hotkey={['F8']}
        label="Benachrichtigungen ({hotkey})"
        className="fixed right-0 bottom-0 z-[100] flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none sm:p-6"
      />
    </Toast.Provider>
  );
}
