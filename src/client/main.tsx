import { QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createBrowserRouter } from 'react-router';
import { RouterProvider } from 'react-router/dom';
import { OverlayHosts } from './components/OverlayHosts';
import { RouterLink } from './components/RouterLink';
import { SiteLinkProvider } from './components/SiteLink';
import { showToastFromLastPage } from './components/ui/toast';
import { queryClient } from './lib/queryClient';
import { routes } from './router';
import './styles.css';

// The SPA: every page but the landing page `/` (that one is landing.tsx, ADR 0012).
const root = document.getElementById('root');
if (!root) throw new Error('#root is missing in app.html');
const router = createBrowserRouter(routes);

createRoot(root).render(
  <StrictMode>
    <QueryClientProvider client={queryClient}>
      <SiteLinkProvider value={RouterLink}>
        <RouterProvider router={router} />
      </SiteLinkProvider>
      <OverlayHosts />
    </QueryClientProvider>
  </StrictMode>,
);
showToastFromLastPage();
