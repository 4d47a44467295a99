import { ComingSoon } from '../../components/ComingSoon';
import { SiteFooter, SiteHeader } from '../../components/PublicLayout';
import { SkipLink } from '../../components/SkipLink';

/** The landing page brings its own header (it adds section links) and footer. */
export function LandingPage() {
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <ComingSoon title="Umlage – Nebenkostenabrechnungen einfach & rechtssicher" documentTitle={null} />
      </main>
      <SiteFooter />
    </div>
  );
}
