import { type ReactNode, Suspense, useEffect, useRef, useState } from 'react';

interface WhenNearProps {
  /** What to render once the place comes near the viewport (typically a React.lazy component). */
  children: ReactNode;
  /** Shown until then and while the code loads; should have the final height to avoid layout shifts. */
  fallback: ReactNode;
  /** How far ahead of the viewport loading starts. */
  rootMargin?: string;
}

/**
 * Keeps code that is not on the first screen out of the landing page's first load: the children
 * render (and their lazy chunk loads) only when the reader scrolls near them.
 */
export function WhenNear({ children, fallback, rootMargin = '200px 0px' }: WhenNearProps) {
  const [near, setNear] = useState(false);
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const element = ref.current;
    if (near || !element) return;
    if (!('IntersectionObserver' in window)) {
      setNear(true);
      return;
    }
    const observer = new IntersectionObserver(
      (entries) => {
        if (entries.some((entry) => entry.isIntersecting)) setNear(true);
      },
      { rootMargin },
    );
    observer.observe(element);
    return () => observer.disconnect();
  }, [near, rootMargin]);
  return <div ref={ref}>{near ? <Suspense fallback={fallback}>{children}</Suspense> : fallback}</div>;
}
