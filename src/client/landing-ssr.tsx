import { renderToString } from 'react-dom/server';
import { LandingApp } from './routes/landing/LandingApp';

/** The landing page's HTML for index.html (scripts/prerender.mjs), taken over by landing.tsx. */
export function render(): string {
  return renderToString(<LandingApp />);
}
