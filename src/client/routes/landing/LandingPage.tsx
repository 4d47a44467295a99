import { useEffect } from 'react';
import { SiteFooter } from '../../components/SiteChrome';
import { SkipLink } from '../../components/SkipLink';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { BackToTop } from './BackToTop';
import { BillingFormSection } from './BillingFormSection';
import { ContactSection } from './ContactSection';
import { HeroSection } from './HeroSection';
import { LandingHeader } from './LandingHeader';
import { PricingSection } from './PricingSection';
import { ProblemSection } from './ProblemSection';
import { SolutionSection } from './SolutionSection';

/** Opening /#pricing (or another anchor) from another page scrolls there once the page is drawn. */
function useInitialAnchor() {
  useEffect(() => {
    const id = decodeURIComponent(window.location.hash.slice(1));
    if (id) document.getElementById(id)?.scrollIntoView({ block: 'start' });
  }, []);
}

/** `/`: hero, billing-form, problem, solution, pricing, cta and the footer (spec §2 "Landing page"). */
export function LandingPage() {
  useDocumentTitle(null);
  useInitialAnchor();
  return (
    <div className="flex min-h-dvh flex-col">
      <SkipLink />
      <LandingHeader />
      <main id="main" tabIndex={-1} className="flex flex-1 flex-col focus:outline-none">
        <HeroSection />
        <BillingFormSection />
        <ProblemSection />
        <SolutionSection />
        <PricingSection />
        <ContactSection />
      </main>
      <SiteFooter />
      <BackToTop />
    </div>
  );
}
