import { Construction } from 'lucide-react';
import { useMatch } from 'react-router';
import { useDocumentTitle } from './useDocumentTitle';

interface ComingSoonProps {
  /** Page heading. */
  title: string;
  /** Tab title when it differs from the heading; null gives the landing title. */
  documentTitle?: string | null;
}

/** An honest placeholder for a screen that is not built yet. */
export function ComingSoon({ title, documentTitle }: ComingSoonProps) {
  useDocumentTitle(documentTitle === undefined ? title : documentTitle);
  // The dashboard layout already pads its content; public pages need their own container.
  const inDashboard = useMatch('/dashboard/*') !== null;
  return (
    <div className={inDashboard ? 'w-full' : 'mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-16'}>
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">{title}</h1>
      <div className="mt-6 flex max-w-2xl items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-6 text-slate-700">
        <Construction aria-hidden="true" className="size-6 shrink-0 text-teal-700" />
        <p>Diese Seite kommt bald.</p>
      </div>
    </div>
  );
}
