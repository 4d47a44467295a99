import { Outlet } from 'react-router';
import { useMe } from '../lib/session';
import { SiteFooter, SiteHeader } from './SiteChrome';
import { SkipLink } from './SkipLink';

/** Frame of the public pages (auth, legal, paywall, 404). */
export function PublicLayout() {
  const signedIn = Boolean(useMe().data);
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader signedIn={signedIn} />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <Outlet />
      </main>
      <SiteFooter />
    </div>
  );
}
