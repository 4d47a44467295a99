import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';

/**
 * Two pages (ADR 0012): index.html is the landing page `/`, app.html the SPA for every other path.
 * The dev server answers page requests as the production server does (src/server/spa.ts).
 */
function appPageFallback(): Plugin {
  return {
    name: 'umlage-app-page',
    configureServer(server) {
      server.middlewares.use((req, _res, next) => {
        const path = req.url?.split('?')[0] ?? '/';
        const isPage = req.headers.accept?.includes('text/html') && !path.includes('.');
        if (isPage && path !== '/' && !path.startsWith('/api/')) req.url = '/app.html';
        next();
      });
    },
  };
}

// The client lives in src/client; the API is proxied to the Fastify server in development.
export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  appType: 'mpa',
  plugins: [react(), tailwindcss(), appPageFallback()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
    rollupOptions: {
      input: {
        landing: fileURLToPath(new URL('src/client/index.html', import.meta.url)),
        app: fileURLToPath(new URL('src/client/app.html', import.meta.url)),
      },
    },
  },
  server: {
    port: 5173,
    proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 3000}` },
  },
});
