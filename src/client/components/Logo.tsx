import { SiteLink } from './SiteLink';
import { cx } from './ui/cx';

/** The mark from the favicon. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cx('size-8 shrink-0', className)}>
      <rect width="32" height="32" rx="6" fill="#0f766e" />
      <path d="M9 9v9a7 7 0 0 0 14 0V9" fill="none" stroke="#fff" strokeWidth="3.5" strokeLinecap="round" />
    </svg>
  );
}

/** Mark and word "Umlage", linking to the start page (or `to`). */
export function Logo({
  to = '/',
  showText = true,
  className,
}: {
  to?: string;
  showText?: boolean;
  className?: string;
}) {
  return (
    <SiteLink
      to={to}
      aria-label={showText ? undefined : 'Umlage – zur Startseite'}
      className={cx(
        'inline-flex items-center gap-2 rounded-md text-xl font-bold tracking-tight text-slate-900',
        className,
      )}
    >
      <LogoMark />
      {showText && <span>Umlage</span>}
    </SiteLink>
  );
}
