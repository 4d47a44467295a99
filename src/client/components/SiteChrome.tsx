import type { ReactNode } from 'react';
import { Logo } from './Logo';
import { SiteLink } from './SiteLink';
import { buttonClasses } from './ui/Button';

// Header and footer of the public pages, shared by the landing page and the SPA (ADR 0012).

export const LEGAL_LINKS = [
  { to: '/impressum', label: 'Impressum' },
  { to: '/datenschutz', label: 'Datenschutz' },
  { to: '/agb', label: 'AGB' },
  { to: '/widerrufsbelehrung', label: 'Widerrufsbelehrung' },
] as const;

/** Sticky header with logo and Login button (Dashboard when signed in); `children` go between them. */
export function SiteHeader({ signedIn, children }: { signedIn: boolean; children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-30 border-b border-slate-200 bg-white/95 backdrop-blur supports-[backdrop-filter]:bg-white/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <Logo />
        {children}
        <SiteLink to={signedIn ? '/dashboard' : '/login'} className={buttonClasses({ variant: 'primary' })}>
          {signedIn ? 'Dashboard' : 'Login'}
        </SiteLink>
      </div>
    </header>
  );
}

export function SiteFooter() {
  return (
    <footer className="border-t border-slate-200 bg-white">
      <div className="mx-auto flex max-w-6xl flex-col gap-4 px-4 py-8 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between sm:px-6">
        {/* The landing page is prerendered at build time: the year may have turned since. */}
        <p suppressHydrationWarning>© {new Date().getFullYear()} Umlage</p>
        <nav aria-label="Rechtliches">
          <ul className="flex flex-wrap gap-x-6 gap-y-2">
            {LEGAL_LINKS.map((link) => (
              <li key={link.to}>
                <SiteLink to={link.to} className="rounded hover:text-teal-800 hover:underline">
                  {link.label}
                </SiteLink>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </footer>
  );
}
