import { useEffect, useState } from 'react';
import { fetchPackages } from '../billing/packages';
import { once } from './landingSession';

// The landing page has no query cache (ADR 0012): each of its two reads runs once per page load and
// is shared by every component that asks for it.

/** The packages with the server's price ids; undefined when they could not be loaded (the catalog's defaults apply). */
export const loadPackages = once(() => fetchPackages().catch(() => undefined));

/** The answer of a shared read once it is there; undefined until then (and during prerendering). */
export function useLoaded<T>(load: () => Promise<T>): T | undefined {
  const [value, setValue] = useState<T>();
  useEffect(() => {
    let live = true;
    void load().then((loaded) => {
      if (live) setValue(() => loaded);
    });
    return () => {
      live = false;
    };
  }, [load]);
  return value;
}
