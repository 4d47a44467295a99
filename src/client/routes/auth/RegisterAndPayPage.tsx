import { useQuery } from '@tanstack/react-query';
import { useEffect } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/money';
import { NO_PACKAGE_SELECTED } from '../../../shared/schemas/billing';
import { loginPath } from '../../components/RouteGuards';
import { SiteLink } from '../../components/SiteLink';
import { PageSpinner } from '../../components/ui/Spinner';
import { toastOnNextPage } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { packagesQuery } from '../billing/api';
import { statementsLabel } from '../billing/packages';
import { announceRegistration, type RegisteredState, RegisterForm } from './RegisterForm';

const linkClass = 'font-medium text-teal-800 underline underline-offset-2';

/**
 * /register-and-pay?plan&priceId&price: registration for a chosen package. The confirmation link signs
 * in and leads to /zahlung-fortsetzen, which starts the package's checkout; so does signing in with the
 * password once the address is confirmed. No password is ever kept in the browser; the package and its
 * price come from the server, not from the URL.
 */
export function RegisterAndPayPage() {
  useDocumentTitle('Registrieren & bezahlen');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const plan = params.get('plan');
  const priceId = params.get('priceId');
  const packages = useQuery(packagesQuery);
  const pkg = packages.data?.packages.find((p) => p.priceId === priceId);
  const noPackage = !plan || !priceId || (packages.isSuccess && !pkg);

  useEffect(() => {
    if (!noPackage) return;
    toastOnNextPage({
      title: NO_PACKAGE_SELECTED,
      description: 'Bitte wählen Sie zuerst ein Paket aus.',
      variant: 'destructive',
    });
    window.location.replace('/#pricing');
  }, [noPackage]);

  if (noPackage) return null;
  if (!pkg) {
    return packages.isError ? (
      <div role="alert" className="mx-auto w-full max-w-lg px-4 py-16 text-red-800">
        Die Pakete konnten nicht geladen werden. {errorMessage(packages.error)}
      </div>
    ) : (
      <PageSpinner />
    );
  }
  const continuePath = `/zahlung-fortsetzen?${new URLSearchParams({ plan: pkg.paywallName, priceId: pkg.priceId }).toString()}`;

  const onRegistered = async ({ email }: { email: string }) => {
    announceRegistration();
    const state: RegisteredState = { registered: email };
    await navigate(loginPath(continuePath), { replace: true, state });
  };

  return (
    <div className="mx-auto grid w-full max-w-5xl gap-10 px-4 py-10 sm:px-6 sm:py-14 lg:grid-cols-[1fr_20rem]">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          Registrieren & bezahlen
        </h1>
        <p className="mt-2 text-slate-700">
          Legen Sie Ihr Konto an. Danach geht es direkt zur Zahlung Ihres Pakets.
        </p>
        <div className="mt-8 flex flex-col gap-5">
          <RegisterForm
            onRegistered={onRegistered}
            confirmedPath={continuePath}
            submitLabel="Registrieren & weiter zur Zahlung"
          />
          <p className="text-sm text-slate-600">
            Schon registriert?{' '}
            <Link to={loginPath(continuePath)} className={linkClass}>
              Anmelden
            </Link>
          </p>
        </div>
      </div>

      <aside
        aria-labelledby="chosen-package"
        className="h-fit rounded-xl border border-slate-200 bg-white p-6 shadow-sm"
      >
        <h2 id="chosen-package" className="text-sm font-semibold tracking-wide text-slate-600 uppercase">
          Ihr Paket
        </h2>
        <p className="mt-2 text-xl font-semibold text-slate-900">{pkg.name}</p>
        <p className="text-slate-700">{statementsLabel(pkg.credits)}</p>
        <p className="mt-4 text-3xl font-bold text-slate-900">{formatCents(pkg.price)}</p>
        <p className="text-sm text-slate-600">einmalig, inkl. MwSt. – kein Abo</p>
        <SiteLink to="/#pricing" className={`mt-4 inline-block text-sm ${linkClass}`}>
          Anderes Paket wählen
        </SiteLink>
      </aside>
    </div>
  );
}
