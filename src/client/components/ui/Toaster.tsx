import { X } from 'lucide-react';
import { Toast } from 'radix-ui';
import { useRef } from 'react';
import { actionTargets, type Box, coversAny, useMeasuredLayout } from './clearOfActions';
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

/** Where the toasts stand: from the window's top and on which side. */
interface Place {
  top: number;
  side: 'left' | 'right';
}

/** Below the sticky header (h-16) of both layouts. */
const HEADER_PX = 64;
const STEP_PX = 8;

/**
 * The place nearest the bottom corner where the toasts cover no action (a wizard's Weiter, the upload
 * button, a dialog's buttons): the bottom, the top below the header, then any free band in between,
 * right before left. Should none be free, the bottom corner: a message must be seen.
 */
function clearPlace(viewport: Element): Place {
  const items = [...viewport.children].map((item) => item.getBoundingClientRect());
  const style = getComputedStyle(viewport);
  const pad = Number.parseFloat(style.paddingTop);
  const height =
    items.length === 0 ? 0 : Math.max(...items.map((r) => r.bottom)) - Math.min(...items.map((r) => r.top));
  const width = items.length === 0 ? 0 : Math.max(...items.map((r) => r.width));
  const bottom = window.innerHeight - 2 * pad - height;
  const fallback: Place = { top: Math.max(bottom, HEADER_PX), side: 'right' };
  if (items.length === 0) return fallback;
  const targets = actionTargets(viewport);
  const tops = [bottom, HEADER_PX];
  for (let top = bottom - STEP_PX; top > HEADER_PX; top -= STEP_PX) tops.push(top);
  for (const top of tops) {
    for (const side of ['right', 'left'] as const) {
      const left = side === 'left' ? pad : window.innerWidth - pad - width;
      const box: Box = { top: top + pad, bottom: top + pad + height, left, right: left + width };
      if (!coversAny(box, targets)) return { top, side };
    }
  }
  return fallback;
}

const samePlace = (a: Place | null, b: Place | null) => a?.top === b?.top && a?.side === b?.side;

/** Renders the toasts with Radix Toast (loaded on the first toast, see OverlayHosts). F8 focuses the viewport. */
export function Toaster() {
  const current = useToastItems();
  const viewport = useRef<HTMLOListElement>(null);
  const place = useMeasuredLayout<Place | null>(viewport, clearPlace, null, current.length > 0, samePlace);
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
        ref={viewport}
        hotkey={['F8']}
        label="Benachrichtigungen ({hotkey})"
        className={cx(
          'pointer-events-none fixed z-[100] flex w-full max-w-[420px] list-none flex-col gap-2 p-4 outline-none sm:p-6',
          place === null ? 'invisible' : place.side === 'left' ? 'left-0' : 'right-0',
        )}
        style={{ top: place?.top ?? 0 }}
      />
    </Toast.Provider>
  );
}
