import { createRoot, hydrateRoot } from 'react-dom/client';
import { showToastFromLastPage } from '../../components/ui/toast';
import { LandingApp } from './LandingApp';

/** React takes over the prerendered page (the dev server's root is empty: it renders instead). */
export function hydrateLanding(root: HTMLElement) {
  if (root.hasChildNodes()) hydrateRoot(root, <LandingApp />);
  else createRoot(root).render(<LandingApp />);
  showToastFromLastPage();
}
