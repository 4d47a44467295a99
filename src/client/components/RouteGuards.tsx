import { useEffect } from 'react';
import { type LoaderFunctionArgs, Navigate, Outlet, redirect, useLocation } from 'react-router';
import { endSigningOut, isSigningOut, loadMe, useMe } from '../lib/session';
import { PageSpinner } from './ui/Spinner';

/** `/login?redirect=<path>`: where a logged-out visitor of `from` is sent. */
export function loginPath(from: string): string {
  return `/login?redirect=${encodeURIComponent(from)}`;
}

/** The `redirect` query value if it is a path inside this app, else the fallback (no open redirects). */
export function safeRedirect(target: string | null | undefined, fallback = '/dashboard'): string {
  if (!target?.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}

/**
 * Loader for /login, /register, /register-and-pay, /forgot-password: signed-in users go to /dashboard,
 * or with the package they chose (on the landing page) from /register-and-pay to the paywall.
 */
export async function guestOnlyLoader({ request }: LoaderFunctionArgs) {
  if (!(await loadMe())) return null;
  const url = new URL(request.url);
  throw redirect(url.pathname === '/register-and-pay' ? `/paywall${url.search}` : '/dashboard');
}

/** Loader for /dashboard* and /paywall: logged-out visitors go to /login?redirect=<asked path>. */
export async function requireAuthLoader({ request }: LoaderFunctionArgs) {
  if (!(await loadMe())) {
    const url = new URL(request.url);
    throw redirect(loginPath(url.pathname + url.search));
  }
  return null;
}

/**
 * Element of the protected routes. The loader checks on entry; this also reacts when the session
 * ends later (a refetch of /api/me answers 401), and shows a spinner while /api/me loads.
 */
export function RequireAuth() {
  const { data: me, isPending } = useMe();
  const location = useLocation();
  useEffect(() => {
    if (me) endSigningOut();
  }, [me]);

  if (me) return <Outlet />;
  if (isPending || isSigningOut()) return <PageSpinner />;
  return <Navigate to={loginPath(location.pathname + location.search)} replace />;
}
