/**
 * The SPA's pages (src/client/router.tsx; a test keeps both in step). The server answers every other
 * address with the app's 404 page and HTTP 404, so search engines and links checkers see a missing page.
 */
export const SPA_PATHS = [
  'login',
  'register',
  'register-and-pay',
  'forgot-password',
  'reset-password',
  'impressum',
  'datenschutz',
  'einladung/:token',
  'agb',
  'widerrufsbelehrung',
  'zahlung-fortsetzen',
  'paywall',
  'testzahlung/:sessionId',
  'dashboard',
  'dashboard/immobilien',
  'dashboard/immobilien/neu',
  'dashboard/immobilien/:id',
  'dashboard/immobilien/bearbeiten/:id',
  'dashboard/abrechnungen',
  'dashboard/abrechnungen/neu',
  'dashboard/abrechnungen/bearbeiten/:id',
  'dashboard/hausabrechnungen/neu',
  'dashboard/hausabrechnungen/:id',
  'dashboard/belege',
  'dashboard/belege/upload',
  'dashboard/zahlungen',
  'dashboard/einstellungen',
] as const;

const PATTERNS = SPA_PATHS.map((path) => path.split('/'));

/** Whether a pathname (`/dashboard/immobilien/7`, a trailing slash allowed) is one of the SPA's pages. */
export function isSpaPath(pathname: string): boolean {
  const segments = pathname.replace(/^\/+|\/+$/g, '').split('/');
  return PATTERNS.some(
    (pattern) =>
      pattern.length === segments.length &&
      // React Router matches case-insensitively.
      pattern.every((part, i) =>
        part.startsWith(':') ? segments[i] !== '' : part === segments[i]?.toLowerCase(),
      ),
  );
}
