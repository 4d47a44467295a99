import { Check } from 'lucide-react';
import {
  CREDIT_PACKAGES,
  type CreditPackage,
  type CreditPackageId,
  packageSaving,
} from '../../../shared/catalog';
import { formatCents } from '../../../shared/money';
import { SiteLink } from '../../components/SiteLink';
import { buttonClasses } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { statementsLabel } from '../billing/packages';
import { loadPackages, useLoaded } from './landingData';
import { SECTION_TITLE_CLASSES } from './sections';
import { REVEAL_CLASSES, useReveal } from './useReveal';

/** /register-and-pay with the package as plan, price id and price (spec §2). */
export function registerAndPayPath(pkg: Pick<CreditPackage, 'name' | 'priceCents'>, priceId: string): string {
  const query = new URLSearchParams({ plan: pkg.name, priceId, price: formatCents(pkg.priceCents) });
  return `/register-and-pay?${query.toString()}`;
}

/**
 * The price ids the server uses (they come from its payment configuration); until they are loaded,
 * or if loading fails, the catalog's defaults.
 */
function usePriceIds(): Record<CreditPackageId, string> {
  const data = useLoaded(loadPackages);
  const ids = Object.fromEntries(CREDIT_PACKAGES.map((pkg) => [pkg.id, pkg.defaultPriceId])) as Record<
    CreditPackageId,
    string
  >;
  for (const pkg of data?.packages ?? []) ids[pkg.id] = pkg.priceId;
  return ids;
}

const SINGLE_NAME = CREDIT_PACKAGES.find((p) => p.credits === 1)?.name ?? 'Einzelabrechnung';

function PackageCard({ pkg, priceId }: { pkg: CreditPackage; priceId: string }) {
  const saving = packageSaving(pkg);
  return (
    <li
      className={cx(
        'relative flex flex-col rounded-2xl border bg-white p-6 shadow-sm sm:p-8',
        pkg.isPopular ? 'border-teal-700 ring-2 ring-teal-700' : 'border-slate-200',
      )}
    >
      {pkg.isPopular && (
        <p className="absolute -top-3.5 left-1/2 -translate-x-1/2 rounded-full bg-teal-700 px-3 py-1 text-xs font-semibold text-white">
          Beliebt
        </p>
      )}
      <h3 className="text-xl font-semibold text-slate-900">{pkg.name}</h3>
      <p className="mt-1 text-slate-600">{pkg.description}</p>
      <p className="mt-6 text-4xl font-bold tracking-tight text-slate-900">{formatCents(pkg.priceCents)}</p>
      <p className="mt-1 text-sm text-slate-600">inkl. MwSt., kein Abo</p>
      {/* only the true saving against single statements: there is no regular price to cross out (ADR 0010) */}
      {saving.totalCents > 0 && (
        <p className="mt-3 inline-flex w-fit rounded-md bg-green-50 px-2 py-1 text-sm font-medium text-green-800">
          {`${formatCents(saving.totalCents)} (${saving.percent}\u00a0%) gespart gegenüber ${pkg.credits}\u00a0×\u00a0${SINGLE_NAME}`}
        </p>
      )}
      <p className="mt-5 font-medium text-slate-900">
        {statementsLabel(pkg.credits)}
        {pkg.credits > 1 && (
          <span className="font-normal text-slate-600">
            {' '}
            · {formatCents(Math.round(pkg.priceCents / pkg.credits))} pro Abrechnung
          </span>
        )}
      </p>
      <ul className="mt-4 flex flex-1 flex-col gap-2 text-slate-700">
        {pkg.features.map((feature) => (
          <li key={feature} className="flex gap-2">
            <Check aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-teal-700" />
            {feature}
          </li>
        ))}
      </ul>
      <SiteLink
        to={registerAndPayPath(pkg, priceId)}
        aria-label={`Paket wählen: ${pkg.name}`}
        className={buttonClasses({
          variant: pkg.isPopular ? 'primary' : 'secondary',
          size: 'lg',
          className: 'mt-8 w-full',
        })}
      >
        Paket wählen
      </SiteLink>
    </li>
  );
}

/** #pricing: the three credit packages of the catalog. */
export function PricingSection() {
  const revealRef = useReveal<HTMLDivElement>();
  const priceIds = usePriceIds();
  return (
    <section
      id="pricing"
      tabIndex={-1}
      aria-labelledby="pricing-title"
      className="scroll-mt-16 bg-white py-16 outline-none sm:py-24"
    >
      <div ref={revealRef} className={`mx-auto max-w-6xl px-4 sm:px-6 ${REVEAL_CLASSES}`}>
        <div className="max-w-2xl">
          <h2 id="pricing-title" className={SECTION_TITLE_CLASSES}>
            Preise
          </h2>
          <p className="mt-3 text-lg text-slate-700">
            Sie zahlen nur, was Sie brauchen: Ein Credit ist eine finale Abrechnung als PDF ohne
            Wasserzeichen. Einmal zahlen, kein Abo, keine Kündigung. Die Vorschau ist immer kostenlos.
          </p>
        </div>
        <ul className="mt-12 grid gap-8 lg:grid-cols-3">
          {CREDIT_PACKAGES.map((pkg) => (
            <PackageCard key={pkg.id} pkg={pkg} priceId={priceIds[pkg.id]} />
          ))}
        </ul>
      </div>
    </section>
  );
}
