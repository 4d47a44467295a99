import { useMatch } from 'react-router';
import { SiteLink } from '../components/SiteLink';
import { buttonClasses } from '../components/ui/Button';
import { useDocumentTitle } from '../components/useDocumentTitle';

export function NotFoundPage() {
  useDocumentTitle('Seite nicht gefunden');
  const inDashboard = useMatch('/dashboard/*') !== null;
  return (
    <div className={inDashboard ? 'w-full' : 'mx-auto w-full max-w-6xl px-4 py-16 sm:px-6'}>
      <p className="text-sm font-semibold text-teal-800">Fehler 404</p>
      <h1 className="mt-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        Seite nicht gefunden
      </h1>
      <p className="mt-3 max-w-xl text-slate-700">
        Die angeforderte Seite existiert nicht oder wurde verschoben. Bitte prüfen Sie die Adresse.
      </p>
      <SiteLink to={inDashboard ? '/dashboard' : '/'} className={buttonClasses({ className: 'mt-6' })}>
        {inDashboard ? 'Zum Dashboard' : 'Zur Startseite'}
      </SiteLink>
    </div>
  );
}
