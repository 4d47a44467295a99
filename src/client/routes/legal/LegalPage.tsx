import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import type { Operator } from './siteInfo';

/** Date of the current version of the legal texts. */
export const LEGAL_TEXTS_DATE = 'November 2026';

/** The frame of a legal page: heading, readable line length, date of the version. */
export function LegalPage({ title, children }: { title: string; children: ReactNode }) {
  useDocumentTitle(title);
  return (
    <article className="mx-auto w-full max-w-3xl px-4 py-10 text-slate-800 sm:px-6 sm:py-16">
      <h1 className="text-2xl font-bold tracking-tight break-words hyphens-auto text-slate-900 sm:text-3xl">
        {title}
      </h1>
      <div className="mt-8 flex flex-col gap-8 leading-relaxed">{children}</div>
      <p className="mt-12 text-sm text-slate-600">Stand: {LEGAL_TEXTS_DATE}</p>
    </article>
  );
}

export function LegalSection({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="flex flex-col gap-3">
      <h2 className="text-xl font-semibold text-slate-900">{title}</h2>
      {children}
    </section>
  );
}

export function LegalList({ children }: { children: ReactNode }) {
  return <ul className="flex list-disc flex-col gap-1.5 pl-6">{children}</ul>;
}

export const legalLinkClasses = 'font-medium text-teal-800 underline underline-offset-2 hover:text-teal-900';

export function MailLink({ address }: { address: string }) {
  return /^[^\s@[\]]+@[^\s@[\]]+$/.test(address) ? (
    <a href={`mailto:${address}`} className={legalLinkClasses}>
      {address}
    </a>
  ) : (
    <span>{address}</span>
  );
}

/** The operator's postal block (address lines split at commas). */
export function OperatorAddress({ operator, contact = false }: { operator: Operator; contact?: boolean }) {
  return (
    <address className="not-italic">
      <span className="block">{operator.name}</span>
      {operator.address.split(',').map((line) => (
        <span key={line} className="block">
          {line.trim()}
        </span>
      ))}
      {contact && (
        <>
          <span className="block">Telefon: {operator.phone}</span>
          <span className="block">
            E-Mail: <MailLink address={operator.email} />
          </span>
        </>
      )}
    </address>
  );
}
