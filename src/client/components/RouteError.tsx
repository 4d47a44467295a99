import { isRouteErrorResponse, useRouteError } from 'react-router';
import { SiteLink } from './SiteLink';
import { buttonClasses } from './ui/Button';
import { useDocumentTitle } from './useDocumentTitle';

/** Shown when a route fails to load (e.g. a stale code chunk after a deploy) or throws. */
export function RouteError() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  useDocumentTitle(notFound ? 'Seite nicht gefunden' : 'Fehler');
  return (
    <main
      id="main"
      className="mx-auto flex min-h-dvh max-w-xl flex-col items-start justify-center gap-4 px-4"
    >
      <h1 className="text-2xl font-bold text-slate-900">
        {notFound ? 'Seite nicht gefunden' : 'Es ist ein Fehler aufgetreten.'}
      </h1>
      <p className="text-slate-700">
        {notFound
          ? 'Die angeforderte Seite existiert nicht.'
          : 'Bitte laden Sie die Seite neu. Wenn der Fehler bleibt, versuchen Sie es später erneut.'}
      </p>
      <div className="flex flex-wrap gap-3">
        <button type="button" className={buttonClasses()} onClick={() => window.location.reload()}>
          Seite neu laden
        </button>
        <SiteLink to="/" className={buttonClasses({ variant: 'secondary' })}>
          Zur Startseite
        </SiteLink>
      </div>
    </main>
  );
}
