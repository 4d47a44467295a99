import { createRoot, hydrateRoot } from 'react-dom/client';
import { showToastFromLastPage } from './components/ui/toast';
import { LandingApp } from './routes/landing/LandingApp';
import './styles.css';

// The landing page `/`: React and the page, no router and no query cache (ADR 0012). The built
// index.html holds the page prerendered (scripts/prerender.mjs), React takes it over; the dev server's
// is empty.
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in index.html');

if (root.hasChildNodes()) hydrateRoot(root, <LandingApp />);
else createRoot(root).render(<LandingApp />);
showToastFromLastPage();
