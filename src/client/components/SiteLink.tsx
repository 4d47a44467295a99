import { type AnchorHTMLAttributes, type ComponentType, createContext, useContext } from 'react';

export type SiteLinkProps = Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> & { to: string };

/** A plain link: the browser loads the page. */
export function PageLink({ to, children, ...props }: SiteLinkProps) {
  return (
    <a href={to} {...props}>
      {children}
    </a>
  );
}

const LinkComponent = createContext<ComponentType<SiteLinkProps>>(PageLink);

/** The SPA puts its router's link here, so that its own pages open without a page load. */
export const SiteLinkProvider = LinkComponent.Provider;

/**
 * A link for components shared by the landing page (no router, ADR 0012) and the SPA: a page load
 * on the landing page, client-side routing inside the SPA.
 */
export function SiteLink(props: SiteLinkProps) {
  const Component = useContext(LinkComponent);
  return <Component {...props} />;
}
