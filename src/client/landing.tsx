import { hasNextPageToast } from './components/ui/nextPageToast';
import { loadMe } from './routes/landing/landingSession';
import './styles.css';

// The landing page `/` (ADR 0012): index.html holds the whole page prerendered, so links and anchors
// work without script. React and the page's code (about 75 KB gzip) load at the visitor's first sign
// of interest, not with the page; at once only when something must show right away: a toast the
// previous page left, or the signed-in landlord's header.
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in index.html');

const INTENT = ['pointerdown', 'pointermove', 'touchstart', 'keydown', 'focusin', 'wheel', 'scroll'];
let started = false;
/** A button pressed before React was there; pressed again once it is. */
let pressed: HTMLElement | null = null;

function start() {
  if (started) return;
  started = true;
  for (const type of INTENT) window.removeEventListener(type, start, true);
  void import('./routes/landing/hydrateLanding').then(({ hydrateLanding }) => {
    hydrateLanding(root as HTMLElement);
    document.removeEventListener('click', holdPress, true);
    document.removeEventListener('submit', holdSubmit, true);
    // after React's commit, so the button's handler is attached
    requestAnimationFrame(() => pressed?.click());
  });
}

// Without React a button does nothing, and one in a form would submit it the browser's way.
function holdPress(event: MouseEvent) {
  const button = event.target instanceof Element ? event.target.closest('button') : null;
  if (!button) return;
  event.preventDefault();
  event.stopPropagation();
  pressed = button;
  start();
}
function holdSubmit(event: Event) {
  event.preventDefault();
  start();
}

document.addEventListener('click', holdPress, true);
document.addEventListener('submit', holdSubmit, true);
for (const type of INTENT) window.addEventListener(type, start, { capture: true, passive: true });
if (!root.hasChildNodes() || hasNextPageToast()) start();
// after the page has loaded, so the question does not compete with the first paint
else window.addEventListener('load', () => void loadMe().then((me) => me && start()), { once: true });
