import { type ReactNode, useLayoutEffect, useRef, useState } from 'react';

// 210 mm at CSS's 96 px per inch.
const A4_WIDTH_PX = (210 / 25.4) * 96;

/**
 * An A4 page drawn at its real size in millimetres and scaled down to the width available, so the
 * layout (DIN 5008 positions) stays exact at any screen size.
 */
export function A4Sheet({ label, children }: { label: string; children: ReactNode }) {
  const outer = useRef<HTMLDivElement>(null);
  const page = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  const [height, setHeight] = useState<number | undefined>(undefined);

  useLayoutEffect(() => {
    const measure = () => {
      const width = outer.current?.clientWidth ?? A4_WIDTH_PX;
      const s = Math.min(1, width / A4_WIDTH_PX);
      setScale(s);
      setHeight((page.current?.offsetHeight ?? 0) * s);
    };
    measure();
    const observer = new ResizeObserver(measure);
    if (outer.current) observer.observe(outer.current);
    if (page.current) observer.observe(page.current);
    return () => observer.disconnect();
  }, []);

  return (
    <div ref={outer} className="w-full overflow-hidden" style={{ height }}>
      <article
        ref={page}
        aria-label={label}
        className="relative min-h-[297mm] w-[210mm] origin-top-left bg-white font-[Arial,Helvetica,sans-serif] text-[10pt] leading-snug text-black shadow-lg ring-1 ring-slate-200"
        style={{ transform: `scale(${scale})` }}
      >
        {children}
      </article>
    </div>
  );
}
