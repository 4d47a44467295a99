import {
  Building2,
  FileText,
  Landmark,
  LayoutDashboard,
  LogOut,
  type LucideIcon,
  Menu,
  PanelLeftClose,
  PanelLeftOpen,
  Receipt,
  Settings,
  X,
} from 'lucide-react';
import { Dialog as RadixDialog } from 'radix-ui';
import { useEffect, useState } from 'react';
import { NavLink, Outlet, useLocation } from 'react-router';
import { Logo } from '../../components/Logo';
import { SkipLink } from '../../components/SkipLink';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { displayName, useLimited, useMe } from '../../lib/session';
import { VerifyEmailBanner } from '../auth/VerifyEmailBanner';
import { PaymentReturn } from '../billing/PaymentReturn';
import { ReadOnlyBanner } from './ReadOnlyBanner';
import { useLogout } from './useLogout';
import { WorkspaceSwitcher } from './WorkspaceSwitcher';

// Spec §9: sidebar 280px open, 80px closed; the welcome heading stays 3 s.
const WELCOME_MS = 3000;
const COLLAPSED_KEY = 'umlage.sidebarCollapsed';

interface NavItem {
  to: string;
  label: string;
  icon: LucideIcon;
  end?: boolean;
  /** Closed to a reader limited to chosen properties (the bank file is the whole workspace's). */
  wholeWorkspace?: boolean;
}

export const DASHBOARD_NAV: readonly NavItem[] = [
  { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard, end: true },
  { to: '/dashboard/immobilien', label: 'Immobilien', icon: Building2 },
  { to: '/dashboard/abrechnungen', label: 'Abrechnungen', icon: FileText },
  { to: '/dashboard/belege', label: 'Belege', icon: Receipt },
  { to: '/dashboard/zahlungen', label: 'Zahlungen', icon: Landmark, wholeWorkspace: true },
  { to: '/dashboard/einstellungen', label: 'Einstellungen', icon: Settings },
];

/** The section a dashboard path is in, as the sidebar names it ("Belege" on /dashboard/belege/…). */
export function sectionOf(pathname: string): string {
  // a house's settlement is one of the settlements
  const path = pathname.replace(/^\/dashboard\/hausabrechnungen(?=\/|$)/, '/dashboard/abrechnungen');
  const inside = DASHBOARD_NAV.filter((item) => path === item.to || path.startsWith(`${item.to}/`));
  return inside.sort((a, b) => b.to.length - a.to.length)[0]?.label ?? 'Dashboard';
}

function readCollapsed(): boolean {
  try {
    return localStorage.getItem(COLLAPSED_KEY) === '1';
  } catch {
    return false;
  }
}

function SidebarNav({
  collapsed,
  onNavigate,
  onLogout,
  loggingOut,
}: {
  collapsed: boolean;
  onNavigate?: () => void;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  const itemClasses = cx(
    'flex h-11 items-center gap-3 rounded-md px-3 text-sm font-medium text-slate-700 transition-colors hover:bg-slate-100 hover:text-slate-900',
    collapsed && 'justify-center px-0',
  );
  const limited = useLimited();
  return (
    <nav aria-label="Hauptnavigation" className="flex flex-1 flex-col gap-1 p-3">
      <ul className="flex flex-col gap-1">
        {DASHBOARD_NAV.filter((item) => !(limited && item.wholeWorkspace)).map(
          ({ to, label, icon: Icon, end }) => (
            <li key={to}>
              <NavLink
                to={to}
                end={end}
                onClick={onNavigate}
                title={collapsed ? label : undefined}
                className={({ isActive }) =>
                  cx(
                    itemClasses,
                    isActive && 'bg-teal-50 text-teal-800 hover:bg-teal-100 hover:text-teal-900',
                  )
                }
              >
                <Icon aria-hidden="true" className="size-5 shrink-0" />
                <span className={cx(collapsed && 'sr-only')}>{label}</span>
              </NavLink>
            </li>
          ),
        )}
      </ul>
      <button
        type="button"
        onClick={onLogout}
        disabled={loggingOut}
        title={collapsed ? 'Abmelden' : undefined}
        className={cx(itemClasses, 'mt-auto w-full disabled:opacity-60')}
      >
        <LogOut aria-hidden="true" className="size-5 shrink-0" />
        <span className={cx(collapsed && 'sr-only')}>Abmelden</span>
      </button>
    </nav>
  );
}

/** Frame of all /dashboard pages: sidebar (drawer on mobile), header with welcome line and logout. */
export function DashboardLayout() {
  const { data: me } = useMe();
  const logout = useLogout();
  const [collapsed, setCollapsed] = useState(readCollapsed);
  const [drawerOpen, setDrawerOpen] = useState(false);
  const [welcoming, setWelcoming] = useState(true);

  useEffect(() => {
    const timer = setTimeout(() => setWelcoming(false), WELCOME_MS);
    return () => clearTimeout(timer);
  }, []);

  const toggleCollapsed = () => {
    setCollapsed((value) => {
      try {
        localStorage.setItem(COLLAPSED_KEY, value ? '0' : '1');
      } catch {
        // Storage may be unavailable (private mode); the toggle still works for this visit.
      }
      return !value;
    });
  };

  const name = me ? displayName(me.user) : '';
  const section = sectionOf(useLocation().pathname);
  const onLogout = () => logout.mutate();

  return (
    <div className="min-h-dvh bg-slate-50">
      <SkipLink />

      {/* Desktop sidebar */}
      <aside
        className={cx(
          'fixed inset-y-0 left-0 z-30 hidden flex-col border-r border-slate-200 bg-white transition-[width] duration-200 lg:flex',
          collapsed ? 'w-20' : 'w-[280px]',
        )}
      >
        <div
          className={cx(
            'flex h-16 items-center border-b border-slate-200 px-4',
            collapsed && 'justify-center px-0',
          )}
        >
          <Logo to="/dashboard" showText={!collapsed} />
        </div>
        <SidebarNav collapsed={collapsed} onLogout={onLogout} loggingOut={logout.isPending} />
        <div className={cx('border-t border-slate-200 p-3', collapsed && 'flex justify-center')}>
          <Button
            variant="ghost"
            size={collapsed ? 'icon' : 'md'}
            onClick={toggleCollapsed}
            aria-expanded={!collapsed}
            aria-label={collapsed ? 'Seitenleiste ausklappen' : 'Seitenleiste einklappen'}
            className={cx(!collapsed && 'w-full justify-start')}
          >
            {collapsed ? (
              <PanelLeftOpen aria-hidden="true" className="size-5" />
            ) : (
              <>
                <PanelLeftClose aria-hidden="true" className="size-5" />
                <span>Einklappen</span>
              </>
            )}
          </Button>
        </div>
      </aside>

      {/* Mobile drawer */}
      <RadixDialog.Root open={drawerOpen} onOpenChange={setDrawerOpen}>
        <RadixDialog.Portal>
          <RadixDialog.Overlay className="fixed inset-0 z-40 bg-slate-900/50 animate-fade-in lg:hidden" />
          <RadixDialog.Content
            aria-describedby={undefined}
            className="fixed inset-y-0 left-0 z-50 flex w-[280px] max-w-[85vw] flex-col bg-white shadow-xl animate-slide-in-left focus:outline-none lg:hidden"
          >
            <div className="flex h-16 items-center justify-between border-b border-slate-200 px-4">
              <RadixDialog.Title className="sr-only">Menü</RadixDialog.Title>
              <Logo to="/dashboard" />
              <RadixDialog.Close
                aria-label="Menü schließen"
                className="rounded-md p-2 text-slate-600 hover:bg-slate-100 hover:text-slate-900"
              >
                <X aria-hidden="true" className="size-5" />
              </RadixDialog.Close>
            </div>
            <SidebarNav
              collapsed={false}
              onNavigate={() => setDrawerOpen(false)}
              onLogout={onLogout}
              loggingOut={logout.isPending}
            />
          </RadixDialog.Content>
        </RadixDialog.Portal>
      </RadixDialog.Root>

      <div
        className={cx(
          'flex min-h-dvh flex-col transition-[padding] duration-200',
          collapsed ? 'lg:pl-20' : 'lg:pl-[280px]',
        )}
      >
        <header className="sticky top-0 z-20 flex h-16 items-center gap-3 border-b border-slate-200 bg-white px-4 sm:px-6">
          <Button
            variant="ghost"
            size="icon"
            className="-ml-2 lg:hidden"
            aria-label="Menü öffnen"
            aria-expanded={drawerOpen}
            onClick={() => setDrawerOpen(true)}
          >
            <Menu aria-hidden="true" className="size-6" />
          </Button>
          <p className="min-w-0 flex-1 truncate text-lg font-semibold text-slate-900">
            {welcoming && name ? `Willkommen, ${name}` : section}
          </p>
          {me && <WorkspaceSwitcher me={me} />}
          {name && <span className="hidden max-w-64 truncate text-sm text-slate-600 lg:inline">{name}</span>}
          <Button variant="secondary" onClick={onLogout} loading={logout.isPending} aria-label="Abmelden">
            {!logout.isPending && <LogOut aria-hidden="true" className="size-4" />}
            <span className="hidden sm:inline">Abmelden</span>
          </Button>
        </header>
        <main id="main" tabIndex={-1} className="min-w-0 flex-1 focus:outline-none">
          <div className="mx-auto w-full max-w-6xl p-4 sm:p-6 lg:p-8">
            <VerifyEmailBanner />
            {me && <ReadOnlyBanner me={me} />}
            {/* a paid checkout returns to the page it was started on */}
            <PaymentReturn />
            <Outlet />
          </div>
        </main>
      </div>
    </div>
  );
}
