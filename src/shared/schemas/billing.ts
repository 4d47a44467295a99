// Requests and answers of /api/billing/*, shared by the server routes and the browser.

import { type CreditPackageId, MAX_CREDITS_PER_CHECKOUT } from '../catalog';
import { z } from './zod';

export const NO_PACKAGE_SELECTED = 'Kein Paket ausgewählt';
const CREDITS_RANGE = `Bitte eine ganze Zahl von 1 bis ${MAX_CREDITS_PER_CHECKOUT} Credits angeben.`;
export const UNKNOWN_PACKAGE = 'Dieses Paket gibt es nicht. Bitte wählen Sie ein Paket aus der Liste.';

/** Where a checkout was started; decides where "Abbrechen" leads (spec §4 "Payment return"). */
export const CHECKOUT_FLOWS = ['paywall', 'landing'] as const;
export type CheckoutFlow = (typeof CHECKOUT_FLOWS)[number];

/** A dashboard page to return to after the checkout (no other site, no query). */
const dashboardPath = z
  .string()
  .max(200)
  .regex(/^\/dashboard(\/[A-Za-z0-9-]+)*$/, 'Ungültige Rücksprungadresse.');

export const checkoutRequestSchema = z
  .object({
    priceId: z.string().trim().max(255, UNKNOWN_PACKAGE).optional(),
    /** Instead of a package: the credits a settlement lacks; the cheapest packages for them are sold. */
    credits: z
      .number()
      .int(CREDITS_RANGE)
      .min(1, CREDITS_RANGE)
      .max(MAX_CREDITS_PER_CHECKOUT, CREDITS_RANGE)
      .optional(),
    /** Where a paid or canceled checkout returns to; the dashboard by default. */
    returnTo: dashboardPath.optional(),
    flow: z.enum(CHECKOUT_FLOWS).default('paywall'),
  })
  .refine((b) => b.credits !== undefined || (b.priceId ?? '') !== '', {
    path: ['priceId'],
    message: NO_PACKAGE_SELECTED,
  });
export type CheckoutRequest = z.input<typeof checkoutRequestSchema>;

export const sessionIdSchema = z.string().trim().min(1).max(255);

const CREDIT_PACKAGE_IDS = [
  'starter',
  'standard',
  'professional',
] as const satisfies readonly CreditPackageId[];

/** A package as GET /api/billing/packages lists it; money in cents, prices include VAT. */
export const billingPackageSchema = z.object({
  id: z.enum(CREDIT_PACKAGE_IDS),
  name: z.string(),
  /** Name on the dashboard paywall ('Einzelabrechnung' for Starter). */
  paywallName: z.string(),
  price: z.number().int(),
  credits: z.number().int(),
  priceId: z.string(),
  /** Saved against buying `credits` single statements (0 for the single package); no invented regular price. */
  savingPercent: z.number().int(),
  savingAmount: z.number().int(),
  paywallNote: z.string().nullable(),
  isPopular: z.boolean(),
  description: z.string(),
  features: z.array(z.string()),
});
export type BillingPackage = z.infer<typeof billingPackageSchema>;

export const packageListSchema = z.object({
  packages: z.array(billingPackageSchema),
  /** True when the built-in test checkout stands in for Stripe (no money is moved). */
  testCheckout: z.boolean(),
  /** False when this installation sells nothing (production without Stripe keys or TEST_CHECKOUT). */
  checkoutAvailable: z.boolean(),
});
export type PackageList = z.infer<typeof packageListSchema>;

/** Where the browser goes next (a checkout page, the dashboard, the paywall). */
export const redirectSchema = z.object({ url: z.string() });

export const CHECKOUT_STATUSES = ['open', 'paid', 'canceled'] as const;
export type CheckoutStatus = (typeof CHECKOUT_STATUSES)[number];

/** GET /api/billing/sessions/{sessionId}: one checkout of the caller. */
export const checkoutSessionInfoSchema = z.object({
  sessionId: z.string(),
  provider: z.enum(['stripe', 'test']),
  status: z.enum(CHECKOUT_STATUSES),
  packageName: z.string(),
  price: z.number().int(),
  credits: z.number().int(),
  /** Where "Abbrechen" of the test checkout leads: '/paywall', '/' or the page it was started on. */
  cancelPath: z.string(),
});
export type CheckoutSessionInfo = z.infer<typeof checkoutSessionInfoSchema>;

export const LEDGER_REASONS = ['purchase', 'pdf', 'adjustment'] as const;
export type LedgerReason = (typeof LEDGER_REASONS)[number];

/** GET /api/billing/ledger: the balance and the newest ledger rows. */
export const creditLedgerSchema = z.object({
  balance: z.number().int(),
  entries: z.array(
    z.object({
      id: z.string(),
      delta: z.number().int(),
      reason: z.enum(LEDGER_REASONS),
      /** The package name of a purchase, else null. */
      packageName: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type CreditLedger = z.infer<typeof creditLedgerSchema>;

/** German labels of the ledger reasons. */
export const LEDGER_REASON_LABELS: Record<LedgerReason, string> = {
  purchase: 'Kauf',
  pdf: 'Finale Abrechnung erstellt',
  adjustment: 'Korrektur',
};
