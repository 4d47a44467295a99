// PUT/GET /api/tenancies/{id}/deposit and POST …/deposit/settlement (docs/domain/deposits.md).

import { isIsoDate } from '../dates';
import { isValidIban, normalizeIban } from '../iban';
import { INVALID_IBAN } from './messages';
import { z } from './zod';

export const DEPOSIT_FORMS = {
  cash: 'Barkaution (Kautionskonto)',
  'savings-book': 'Sparbuch',
  guarantee: 'Bürgschaft',
} as const;
export type DepositForm = keyof typeof DEPOSIT_FORMS;

const cents = z.number().int();
const day = z
  .string({ error: 'Bitte geben Sie ein Datum an.' })
  .refine(isIsoDate, 'Bitte geben Sie ein gültiges Datum an.');

export const depositPaymentSchema = z.object({
  date: day,
  cents: z
    .number({ error: 'Bitte geben Sie den Betrag an.' })
    .int('Bitte geben Sie den Betrag in Cent an.')
    .min(1, 'Der Betrag muss größer als 0 sein.')
    .max(10_000_000, 'Der Betrag ist zu groß.'),
});

export const depositBody = z.object({
  agreedCents: z
    .number({ error: 'Bitte geben Sie die vereinbarte Kaution an.' })
    .int('Bitte geben Sie die Kaution in Cent an.')
    .min(0, 'Die Kaution kann nicht negativ sein.')
    .max(10_000_000, 'Die Kaution ist zu groß.'),
  form: z.enum(['cash', 'savings-book', 'guarantee'], { error: 'Bitte wählen Sie die Form der Kaution.' }),
  interestRateBp: z
    .number({ error: 'Bitte geben Sie den Zinssatz an.' })
    .int('Bitte geben Sie den Zinssatz in Hundertstel Prozent an.')
    .min(0, 'Der Zinssatz kann nicht negativ sein.')
    .max(1_000, 'Höchstens 10 % im Jahr.')
    .default(0)
    .describe('The deposit account’s yearly rate in basis points (0.5 % = 50)'),
  payments: z.array(depositPaymentSchema).max(36, 'Höchstens 36 Zahlungen.').default([]),
});
export type DepositBody = z.input<typeof depositBody>;

export const depositClaimSchema = z.object({
  reason: z
    .string({ error: 'Bitte nennen Sie den Grund.' })
    .trim()
    .min(1, 'Bitte nennen Sie den Grund.')
    .max(200, 'Höchstens 200 Zeichen.'),
  cents: z
    .number({ error: 'Bitte geben Sie den Betrag an.' })
    .int('Bitte geben Sie den Betrag in Cent an.')
    .min(1, 'Der Betrag muss größer als 0 sein.')
    .max(10_000_000, 'Der Betrag ist zu groß.'),
});

export const depositSettlementBody = z.object({
  claims: z.array(depositClaimSchema).max(20, 'Höchstens 20 Forderungen.').default([]),
  retainedCents: z
    .number({ error: 'Bitte geben Sie den Einbehalt an.' })
    .int('Bitte geben Sie den Einbehalt in Cent an.')
    .min(0, 'Der Einbehalt kann nicht negativ sein.')
    .max(10_000_000, 'Der Einbehalt ist zu groß.')
    .describe('Kept back for the settlement of the days not yet settled'),
  payoutIban: z
    .string()
    .max(40, INVALID_IBAN)
    .default('')
    .transform((v, ctx) => {
      const iban = normalizeIban(v);
      if (iban !== '' && !isValidIban(iban))
        ctx.issues.push({ code: 'custom', message: INVALID_IBAN, input: v });
      return iban === '' ? null : iban;
    })
    .describe('The tenant’s account the payout goes to; empty: not known'),
});
export type DepositSettlementBody = z.input<typeof depositSettlementBody>;

export const storedDepositSettlement = z.object({
  madeAt: z.string(),
  asOf: z.string().describe('The move-out day: interest is counted to it'),
  balanceCents: cents,
  openRentCents: cents.describe('Rent open by the bank files on their last day'),
  claims: z.array(depositClaimSchema),
  retainedCents: cents,
  payoutCents: cents.describe('What the tenant gets back; negative: what he still owes'),
  payoutIban: z.string().nullish().describe('The tenant’s account the payout goes to'),
  release: z
    .object({
      settlementId: z.uuid(),
      madeAt: z.string(),
      balanceCents: cents.describe('The tenant’s balance in the final settlement: positive a Nachzahlung'),
      releasedCents: cents.describe('The part kept back less that balance: paid out; negative: still owed'),
    })
    .nullish()
    .describe('The part kept back settled against the move-out year’s final settlement'),
});
export type StoredDepositSettlement = z.infer<typeof storedDepositSettlement>;

export const depositJson = z.object({
  tenancyId: z.uuid(),
  agreedCents: cents,
  form: z.enum(['cash', 'savings-book', 'guarantee']),
  interestRateBp: cents,
  payments: z.array(depositPaymentSchema).describe('As entered by the landlord'),
  received: z
    .array(
      depositPaymentSchema.extend({
        cents: cents.describe('Negative: a booking returned'),
        source: z.enum(['bank', 'entered']),
        transactionId: z.uuid().optional(),
      }),
    )
    .describe(
      'What came in: the bank bookings matched as the deposit, and entered payments the bank has not',
    ),
  capCents: cents.nullable().describe('Three months’ Kaltmiete; null when the Kaltmiete is not known'),
  instalments: z.array(depositPaymentSchema).describe('Three monthly instalments from the start'),
  asOf: z.string().describe('The move-out day, else today'),
  paidCents: cents,
  interestCents: cents,
  balanceCents: cents.describe('Paid in plus the interest credited and accrued to `asOf`'),
  /** Where the tenancy has ended: what the settlement would start with. */
  proposal: z
    .object({
      openRentCents: cents,
      openRentKnown: z.boolean().describe('False without bank files: open rent is not known'),
      retainedCents: cents
        .nullable()
        .describe('Kept back for the settlement not yet made; null: no past one'),
      unsettledDays: cents,
      payoutIban: z
        .string()
        .nullable()
        .describe('The account the tenant paid the deposit or his rent from, by the bank files'),
    })
    .nullable(),
  settlement: storedDepositSettlement.nullable(),
});
export type DepositJson = z.infer<typeof depositJson>;
