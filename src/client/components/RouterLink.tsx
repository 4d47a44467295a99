import { Link } from 'react-router';
import { PageLink, type SiteLinkProps } from './SiteLink';

/** The landing page `/` is a page of its own, outside the SPA's router (ADR 0012). */
const isLandingPage = (to: string) => to === '/' || to.startsWith('/#') || to.startsWith('/?');

/** The SPA's SiteLink: its own routes without a page load, the landing page with one. */
export function RouterLink(props: SiteLinkProps) {
  return isLandingPage(props.to) ? <PageLink {...props} /> : <Link {...props} />;
}
