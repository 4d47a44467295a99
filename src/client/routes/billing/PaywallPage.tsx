import { useQuery } from '@tanstack/react-query';
import { ArrowLeft, Check, FlaskConical } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { formatCents } from '../../../shared/money';
import type { BillingPackage } from '../../../shared/schemas/billing';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { PageSpinner } from '../../components/ui/Spinner';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { errorMessage } from '../../lib/api';
import { useMe } from '../../lib/session';
import { packagesQuery } from './api';
import { PaymentsOffNotice } from './PaymentsOffNotice';
import { statementsLabel } from './packages';
import { useCheckout } from './useCheckout';

/** /paywall?plan&priceId&price: the three packages to buy credits (spec §2 "Paywall"). */
export function PaywallPage() {
  useDocumentTitle('Credits kaufen');
  const [params] = useSearchParams();
  const { data, isPending, isError, error, refetch } = useQuery(packagesQuery);
  const { data: me } = useMe();
  const { start, pendingPriceId } = useCheckout('paywall');

  // The link after a refused final PDF names a plan (and maybe a price id); that package is marked.
  const plan = params.get('plan');
  const wanted = params.get('priceId');
  const isWanted = (pkg: BillingPackage) =>
    (wanted !== null && pkg.priceId === wanted) ||
    (plan !== null && [pkg.paywallName, pkg.name].includes(plan));

  return (
    <div className="mx-auto w-full max-w-6xl px-4 py-10 sm:px-6 sm:py-14">
      <Link
        to="/dashboard"
        className="inline-flex items-center gap-1.5 text-sm font-medium text-teal-800 hover:underline"
      >
        <ArrowLeft aria-hidden="true" className="size-4" />
        Zurück zum Dashboard
      </Link>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Credits kaufen</h1>
      <p className="mt-2 max-w-2xl text-slate-700">
        Ein Credit ist eine finale Nebenkostenabrechnung als rechtssicheres PDF ohne Wasserzeichen. Sie zahlen
        einmalig – kein Abo, keine Kündigung. Alle Preise inkl. MwSt.
      </p>
      {me && (
        <p className="mt-2 text-sm text-slate-600">
          Ihre Credits: <strong className="text-slate-900">{me.credits}</strong>
        </p>
      )}

      {data?.testCheckout && (
        <p className="mt-6 flex max-w-2xl items-start gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
          <FlaskConical aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
          Testmodus: Die Zahlung wird nur simuliert, es wird kein Geld bewegt.
        </p>
      )}

      {data && !data.checkoutAvailable && <PaymentsOffNotice className="mt-6 max-w-2xl" />}

      {isPending && <PageSpinner label="Pakete werden geladen …" />}
      {isError && (
        <div role="alert" className="mt-8 rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
          <p>Die Pakete konnten nicht geladen werden. {errorMessage(error)}</p>
          <Button variant="secondary" className="mt-3" onClick={() => refetch()}>
            Erneut versuchen
          </Button>
        </div>
      )}
      {data && (
        <ul className="mt-10 grid gap-8 lg:grid-cols-3">
          {data.packages.map((pkg) => (
            <PaywallPackage
              key={pkg.id}
              pkg={pkg}
              highlighted={isWanted(pkg)}
              busy={pendingPriceId === pkg.priceId}
              disabled={pendingPriceId !== null || !data.checkoutAvailable}
              onChoose={() => start(pkg.priceId)}
            />
          ))}
        </ul>
      )}
    </div>
  );
}

function PaywallPackage({
  pkg,
  highlighted,
  busy,
  disabled,
  onChoose,
}: {
  pkg: BillingPackage;
  highlighted: boolean;
  busy: boolean;
  disabled: boolean;
  onChoose: () => void;
}) {
  const titleId = `paywall-${pkg.id}`;
  return (
    <li
      aria-labelledby={titleId}
      className={cx(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8',
        pkg.isPopular || highlighted ? 'border-teal-700 ring-2 ring-teal-700' : 'border-slate-200',
      )}
    >
      {(pkg.isPopular || highlighted) && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-teal-700 px-3 py-1 text-xs font-semibold text-white">
          {highlighted ? 'Ihre Auswahl' : 'Beliebt'}
        </p>
      )}
      <h2 id={titleId} className="text-xl font-semibold text-slate-900">
        {pkg.paywallName}
      </h2>
      <p className="mt-1 text-slate-600">{statementsLabel(pkg.credits)}</p>
      <p className="mt-6 text-4xl font-bold tracking-tight text-slate-900">{formatCents(pkg.price)}</p>
      <p className="mt-1 text-sm text-slate-600">einmalig, inkl. MwSt.</p>
      {pkg.paywallNote && (
        <p className="mt-3 inline-flex w-fit rounded-md bg-green-50 px-2 py-1 text-sm font-medium text-green-800">
          {pkg.paywallNote}
        </p>
      )}
      <ul className="mt-6 flex flex-1 flex-col gap-2 text-slate-700">
        {pkg.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
            {feature}
          </li>
        ))}
      </ul>
      <Button
        size="lg"
        variant={pkg.isPopular || highlighted ? 'primary' : 'secondary'}
        className="mt-8 w-full"
        loading={busy}
        disabled={disabled}
        onClick={onChoose}
      >
        Auswählen<span className="sr-only">: {pkg.paywallName}</span>
      </Button>
    </li>
  );
}
