import { Menu, X } from 'lucide-react';
import { type MouseEvent, useEffect, useId, useState } from 'react';
import { SiteHeader } from '../../components/SiteChrome';
import { buttonClasses } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { useLoaded } from './landingData';
import { loadMe } from './landingSession';
import { currentSection, scrollToSection, useWindowScroll } from './scroll';
import { NAV_ITEMS, type SectionId } from './sections';

const NAV_IDS = NAV_ITEMS.map((item) => item.id);

/** Follows the scroll position: the navigation item of the section being read. */
function useActiveSection(): SectionId | undefined {
  const [active, setActive] = useState<SectionId | undefined>(NAV_IDS[0]);
  useWindowScroll(() => setActive(currentSection(NAV_IDS)));
  return active;
}

function SectionLink({
  id,
  label,
  active,
  onNavigate,
  className,
}: {
  id: SectionId;
  label: string;
  active: boolean;
  onNavigate?: () => void;
  className?: string;
}) {
  const go = (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    onNavigate?.();
    scrollToSection(id);
  };
  return (
    <a
      href={`#${id}`}
      onClick={go}
      aria-current={active ? 'location' : undefined}
      className={cx(
        'rounded-md px-3 py-2 text-sm font-medium transition-colors',
        active ? 'bg-teal-50 text-teal-800' : 'text-slate-700 hover:bg-slate-100 hover:text-slate-900',
        className,
      )}
    >
      {label}
    </a>
  );
}

/** The landing header: section links (a menu on small screens) with the section in view marked. */
export function LandingHeader() {
  const active = useActiveSection();
  const [menuOpen, setMenuOpen] = useState(false);
  const menuId = useId();
  const signedIn = Boolean(useLoaded(loadMe));

  useEffect(() => {
    if (!menuOpen) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') setMenuOpen(false);
    };
    // The menu belongs to small screens only.
    const wide = window.matchMedia('(min-width: 768px)');
    const onWide = () => {
      if (wide.matches) setMenuOpen(false);
    };
    window.addEventListener('keydown', onKey);
    wide.addEventListener('change', onWide);
    return () => {
      window.removeEventListener('keydown', onKey);
      wide.removeEventListener('change', onWide);
    };
  }, [menuOpen]);

  return (
    <SiteHeader signedIn={signedIn}>
      <div className="flex flex-1 items-center justify-end md:justify-center">
        <nav aria-label="Abschnitte" className="hidden md:block">
          <ul className="flex items-center gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.id}>
                <SectionLink id={item.id} label={item.label} active={active === item.id} />
              </li>
            ))}
          </ul>
        </nav>
        <button
          type="button"
          className={buttonClasses({ variant: 'ghost', size: 'icon', className: 'md:hidden' })}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          aria-label={menuOpen ? 'Menü schließen' : 'Menü öffnen'}
          onClick={() => setMenuOpen((open) => !open)}
        >
          {menuOpen ? (
            <X aria-hidden="true" className="size-5" />
          ) : (
            <Menu aria-hidden="true" className="size-5" />
          )}
        </button>
        <nav
          id={menuId}
          aria-label="Abschnitte (Menü)"
          hidden={!menuOpen}
          className="absolute inset-x-0 top-full border-b border-slate-200 bg-white px-4 pt-2 pb-4 shadow-md md:hidden"
        >
          <ul className="flex flex-col gap-1">
            {NAV_ITEMS.map((item) => (
              <li key={item.id}>
                <SectionLink
                  id={item.id}
                  label={item.label}
                  active={active === item.id}
                  onNavigate={() => setMenuOpen(false)}
                  className="block text-base"
                />
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </SiteHeader>
  );
}
