import type { ReactNode } from 'react';
import { useDocumentTitle } from '../../components/useDocumentTitle';

interface AuthCardProps {
  title: string;
  description?: ReactNode;
  children: ReactNode;
  /** Links below the card (e.g. "Noch kein Konto? Registrieren"). */
  footer?: ReactNode;
}

/** The centred card of the login, registration and password pages. */
export function AuthCard({ title, description, children, footer }: AuthCardProps) {
  useDocumentTitle(title);
  return (
    <div className="flex flex-1 items-start justify-center bg-slate-50 px-4 py-10 sm:py-16">
      <div className="w-full max-w-md">
        <div className="rounded-lg border border-slate-200 bg-white p-6 shadow-sm sm:p-8">
          <h1 className="text-2xl font-bold tracking-tight text-slate-900">{title}</h1>
          {description && <p className="mt-2 text-sm text-slate-600">{description}</p>}
          <div className="mt-6">{children}</div>
        </div>
        {footer && <div className="mt-6 text-center text-sm text-slate-700">{footer}</div>}
      </div>
    </div>
  );
}

export const linkClasses = 'font-medium text-teal-800 underline-offset-2 hover:underline';
