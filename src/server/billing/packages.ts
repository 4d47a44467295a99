import {
  CREDIT_PACKAGES,
  type CreditPackage,
  type CreditPackageId,
  type PackageLine,
  packageSaving,
  paywallNote,
} from '../../shared/catalog';
import type { BillingPackage } from '../../shared/schemas/billing';
import type { Config } from '../env';

/** A package with the price id this installation sells it under. */
export interface PricedPackage extends CreditPackage {
  priceId: string;
}

const PRICE_VARIABLES: Record<
  CreditPackageId,
  'STRIPE_PRICE_STARTER' | 'STRIPE_PRICE_STANDARD' | 'STRIPE_PRICE_PROFESSIONAL'
> = {
  starter: 'STRIPE_PRICE_STARTER',
  standard: 'STRIPE_PRICE_STANDARD',
  professional: 'STRIPE_PRICE_PROFESSIONAL',
};

/** The catalog's packages with their price ids: from the environment (Stripe), else the defaults. */
export function pricedPackages(config: Config): PricedPackage[] {
  return CREDIT_PACKAGES.map((pkg) => ({
    ...pkg,
    priceId: config[PRICE_VARIABLES[pkg.id]] ?? pkg.defaultPriceId,
  }));
}

/** The package sold under a price id, or undefined when this installation does not sell it. */
export function packageByPriceId(config: Config, priceId: string): PricedPackage | undefined {
  return pricedPackages(config).find((pkg) => pkg.priceId === priceId);
}

export function toBillingPackage(pkg: PricedPackage): BillingPackage {
  const saving = packageSaving(pkg);
  return {
    id: pkg.id,
    name: pkg.name,
    paywallName: pkg.paywallName,
    price: pkg.priceCents,
    credits: pkg.credits,
    priceId: pkg.priceId,
    savingPercent: saving.percent,
    savingAmount: saving.totalCents,
    paywallNote: paywallNote(pkg),
    isPopular: pkg.isPopular,
    description: pkg.description,
    features: [...pkg.features],
  };
}

/**
 * What a checkout of these packages (largest first) is stored as: the first package names it, the
 * prices and credits add up, and a session of several keeps its lines.
 */
export function checkoutOf(lines: PackageLine<PricedPackage>[]) {
  const [first] = lines;
  if (!first) throw new Error('a checkout without packages');
  const several = lines.length > 1 || first.quantity > 1;
  return {
    packageId: first.pkg.id,
    priceId: first.pkg.priceId,
    amountCents: lines.reduce((s, l) => s + l.quantity * l.pkg.priceCents, 0),
    credits: lines.reduce((s, l) => s + l.quantity * l.pkg.credits, 0),
    lines: several
      ? lines.map((l) => ({ packageId: l.pkg.id, priceId: l.pkg.priceId, quantity: l.quantity }))
      : null,
  };
}
