// GET /api/properties/{id}/tax-years/{year}: a property's tax year (docs/domain/tax-year.md).

import { ACCOUNT_KEYS, type AccountKey, CHARTS, LINE_KEYS } from '../vocabulary';
import { calendarYear } from './year';
import { z } from './zod';

const cents = z.number().int();

export const incomeSourceJson = z.object({
  transactionId: z.uuid().describe('The bank line'),
  bookingDate: z.string().describe('ISO date the bank credited it'),
  tenancyId: z.uuid(),
  tenantName: z.string(),
  month: z.string().nullable().describe('YYYY-MM the part paid; null beyond everything due and for a refund'),
  cents,
  note: z.string().nullable().describe('Why it counts in another year than booked (10-day rule)'),
});

export const incomeFigureJson = z.object({
  key: z.enum(['rent', 'prepayments', 'refunds', 'beyondDue']),
  label: z.string(),
  cents,
  sure: z.boolean().describe('False where the kind of the money is a guess to confirm'),
  sources: z.array(incomeSourceJson).describe('Every bank line part the figure sums, to the cent'),
});

const euroCents = (what: string) =>
  z
    .number({ error: `Bitte geben Sie ${what} an.` })
    .int(`Bitte geben Sie ${what} in Cent an.`)
    .min(1, `${what[0]?.toUpperCase()}${what.slice(1)} muss größer als 0 sein.`)
    .max(100_000_000_00, `${what[0]?.toUpperCase()}${what.slice(1)} ist zu groß.`);
const isoDay = (message: string) => z.iso.date({ error: message });

/** POST /api/properties/{id}/loans, PUT …/loans/{loanId}: a loan for the property. */
export const loanBody = z.object({
  lender: z
    .string({ error: 'Bitte nennen Sie die Bank.' })
    .trim()
    .min(1, 'Bitte nennen Sie die Bank.')
    .max(200, 'Höchstens 200 Zeichen.'),
  principalCents: euroCents('die Darlehenssumme').describe('The balance at the first rate'),
  rateBasisPoints: z
    .number({ error: 'Bitte geben Sie den Zinssatz an.' })
    .int('Bitte geben Sie den Zinssatz in Hundertstel Prozent an.')
    .min(0, 'Der Zinssatz kann nicht negativ sein.')
    .max(2000, 'Ein Zinssatz über 20 % ist nicht vorgesehen.')
    .describe('Yearly nominal rate in hundredths of a percent: 3,45 % = 345'),
  monthlyRateCents: euroCents('die Monatsrate').describe('The fixed monthly rate, interest and repayment'),
  firstRateOn: isoDay('Bitte geben Sie den Tag der ersten Rate an (JJJJ-MM-TT).'),
  statedInterest: z
    .array(z.object({ year: calendarYear, cents: euroCents('die Zinsen') }))
    .max(60, 'Höchstens 60 Jahre.')
    .refine((rows) => new Set(rows.map((r) => r.year)).size === rows.length, 'Jedes Jahr nur einmal.')
    .default([])
    .describe('The interest per year as the bank’s statement says it; it wins over the computed one'),
});
export type LoanBody = z.input<typeof loanBody>;

export const loanJson = z.object({
  id: z.uuid(),
  propertyId: z.uuid(),
  lender: z.string(),
  principalCents: cents,
  rateBasisPoints: z.number().int(),
  monthlyRateCents: cents,
  firstRateOn: z.string(),
  statedInterest: z.array(z.object({ year: z.number().int(), cents })),
});
export type LoanJson = z.infer<typeof loanJson>;

/** GET /api/properties/{id}/loan-statements: receipts read as a loan's yearly statement. */
export const loanStatementJson = z.object({
  documentId: z.uuid(),
  name: z.string().describe('The file’s name'),
  issuer: z.string().nullable().describe('The bank, as read'),
  year: z.number().int(),
  interestCents: cents.describe('The interest paid in the year, as read: no cost of its own'),
  repaymentCents: cents.nullable().describe('The repayment (Tilgung), no Werbungskosten'),
});
export type LoanStatementJson = z.infer<typeof loanStatementJson>;

/** PUT /api/properties/{id}/depreciation: the AfA basis of the building. */
export const depreciationBody = z.object({
  buildingCostCents: euroCents('die Anschaffungskosten des Gebäudes').describe(
    'The building’s share of the price with its share of the acquisition costs; land is not depreciated',
  ),
  completionYear: z
    .number({ error: 'Bitte geben Sie das Baujahr (Fertigstellung) an.' })
    .int('Bitte geben Sie das Baujahr als Jahreszahl an.')
    .min(1700, 'Bitte geben Sie ein Baujahr ab 1700 an.')
    .max(2100, 'Bitte geben Sie ein Baujahr bis 2100 an.'),
  acquiredOn: isoDay('Bitte geben Sie den Tag der Anschaffung an (JJJJ-MM-TT).'),
});
export type DepreciationBody = z.input<typeof depreciationBody>;

export const depreciationJson = depreciationBody.extend({
  propertyId: z.uuid(),
  basisPoints: z.number().int().describe('The rate by § 7 Abs. 4 EStG for the completion year'),
});
export type DepreciationJson = z.infer<typeof depreciationJson>;

export const taxSourceJson = z.object({
  kind: z.enum(['bank', 'receipt', 'loan', 'depreciation', 'deposit']),
  id: z.string().nullable().describe('The bank line, receipt, loan or tenancy; null for the AfA'),
  date: z.string().nullable(),
  party: z.string().describe('Tenant, issuer or lender'),
  month: z.string().nullable(),
  cents,
  paidCents: cents
    .nullable()
    .describe('The whole payment where the line takes a year’s part (spread repairs)'),
  note: z.string().nullable(),
});

export const anlageVLineJson = z.object({
  key: z.enum(LINE_KEYS),
  line: z
    .number()
    .int()
    .nullable()
    .describe('The form’s line for the year; null where the year’s form is not entered'),
  kz: z.string().nullable().describe('The form’s Kennzahl'),
  label: z.string(),
  cents: cents.describe('What goes into the form'),
  beforeOwnUseCents: cents.nullable().describe('An expense before the own use was taken off'),
  sure: z.boolean(),
  sources: z.array(taxSourceJson).describe('Everything the line sums, to the cent'),
});

export const anlageVJson = z.object({
  year: z.number().int(),
  form: z.string().nullable(),
  livingArea: z.number(),
  ownUseArea: z.number(),
  ownUseShareHundredths: z.number().int(),
  lines: z.array(anlageVLineJson),
  incomeCents: cents,
  expensesCents: cents,
  surplusCents: cents,
});

/** PUT /api/properties/{id}/co-owners: who owns which share; none: one owner. */
export const coOwnersBody = z.object({
  owners: z
    .array(
      z.object({
        name: z
          .string({ error: 'Bitte nennen Sie den Miteigentümer.' })
          .trim()
          .min(1, 'Bitte nennen Sie den Miteigentümer.')
          .max(200, 'Höchstens 200 Zeichen.'),
        numerator: z
          .number({ error: 'Bitte geben Sie den Anteil als Bruch an, z. B. 1/2.' })
          .int('Bitte geben Sie den Anteil als Bruch an, z. B. 1/2.')
          .min(1, 'Der Anteil muss größer als 0 sein.')
          .max(100_000, 'Der Anteil ist zu groß.'),
        denominator: z
          .number({ error: 'Bitte geben Sie den Anteil als Bruch an, z. B. 1/2.' })
          .int('Bitte geben Sie den Anteil als Bruch an, z. B. 1/2.')
          .min(1, 'Der Nenner muss größer als 0 sein.')
          .max(100_000, 'Der Nenner ist zu groß.'),
      }),
    )
    .max(10, 'Höchstens 10 Miteigentümer.')
    .refine((owners) => owners.length !== 1, 'Mit nur einem Eigentümer lassen Sie die Liste leer.')
    .refine(
      (owners) => owners.every((o) => o.numerator <= o.denominator),
      'Ein Anteil ist größer als das Ganze.',
    )
    .describe('The shares must add up to exactly 1 (checked by the server)'),
});
export type CoOwnersBody = z.input<typeof coOwnersBody>;

export const ownerShareJson = z.object({
  name: z.string(),
  numerator: z.number().int(),
  denominator: z.number().int(),
  incomeCents: cents,
  expensesCents: cents,
  surplusCents: cents,
});

export const taxYearJson = z.object({
  propertyId: z.uuid(),
  year: z.number().int(),
  income: z.array(incomeFigureJson),
  incomeCents: cents.describe('All income figures together'),
  bank: z
    .object({ from: z.string(), to: z.string() })
    .nullable()
    .describe('The first and last booking of the bank files; null without any'),
  notice: z.string().nullable().describe('What the bank files leave out of the year, in German'),
  anlageV: anlageVJson,
  coOwners: z.array(ownerShareJson).describe('Each co-owner’s share of the year; empty with one owner'),
  depositsReceived: z
    .array(z.object({ transactionId: z.uuid(), bookingDate: z.string(), party: z.string(), cents }))
    .describe(
      'The year’s bank bookings matched as a tenant’s deposit: no income (the money is the tenant’s), booked for the adviser on the deposit account',
    ),
  ownLabour35a: z
    .array(
      z.object({
        category: z.enum(['household', 'craftsman']),
        label: z.string(),
        cents,
        periods: z.array(z.object({ settlementId: z.uuid(), start: z.string(), end: z.string() })),
      }),
    )
    .describe(
      'The landlord’s own § 35a labour part for the flat he uses, from the final settlements of the year',
    ),
  receiptsToCheck: z
    .object({
      unconfirmed: z.number().int().describe('Receipts of the property read but not confirmed: not counted'),
      undated: z
        .array(z.object({ id: z.uuid(), name: z.string() }))
        .describe('Confirmed receipts without a date: not in any year'),
      withoutReceipt: z
        .array(z.object({ transactionId: z.uuid(), bookingDate: z.string(), party: z.string(), cents }))
        .describe(
          'Bank lines of the year marked as costs but without a receipt: not counted until one is assigned',
        ),
      unmatched: z
        .array(z.object({ transactionId: z.uuid(), bookingDate: z.string(), party: z.string(), cents }))
        .describe(
          'Bank lines of the year in the property’s files not assigned to anything: in no figure until sorted',
        ),
    })
    .describe('Receipts the year does not count yet, and why'),
});
export type TaxYearJson = z.infer<typeof taxYearJson>;

const account = z
  .number({ error: 'Bitte geben Sie eine Kontonummer an.' })
  .int('Bitte geben Sie eine Kontonummer an.')
  .min(1, 'Bitte geben Sie eine Kontonummer an.')
  .max(99_999_999, 'Höchstens acht Stellen.');

/** PUT /api/workspaces/{id}/datev: the chart, the accounts as the adviser wants them, his numbers. */
export const datevSettingsBody = z.object({
  chart: z.enum(CHARTS, { error: 'Bitte wählen Sie SKR03 oder SKR04.' }),
  accounts: z
    .object(Object.fromEntries(ACCOUNT_KEYS.map((k) => [k, account])) as Record<AccountKey, typeof account>)
    .partial()
    .optional()
    .describe('Accounts that differ from the chart’s proposal; the others keep it'),
  adviserNumber: z
    .number({ error: 'Bitte geben Sie die Beraternummer als Zahl an.' })
    .int('Bitte geben Sie die Beraternummer als Zahl an.')
    .min(1001, 'Die Beraternummer hat 4 bis 7 Stellen (ab 1001).')
    .max(9_999_999, 'Die Beraternummer hat 4 bis 7 Stellen (ab 1001).')
    .nullable()
    .default(null),
  clientNumber: z
    .number({ error: 'Bitte geben Sie die Mandantennummer als Zahl an.' })
    .int('Bitte geben Sie die Mandantennummer als Zahl an.')
    .min(1, 'Die Mandantennummer liegt zwischen 1 und 99999.')
    .max(99_999, 'Die Mandantennummer liegt zwischen 1 und 99999.')
    .nullable()
    .default(null),
});

export const datevSettingsJson = z.object({
  chart: z.enum(CHARTS),
  accounts: z.object(
    Object.fromEntries(ACCOUNT_KEYS.map((k) => [k, z.number().int()])) as Record<AccountKey, z.ZodNumber>,
  ),
  adviserNumber: z.number().int().nullable(),
  clientNumber: z.number().int().nullable(),
  saved: z.boolean().describe('False: the proposal, nothing saved yet'),
});
export type DatevSettingsJson = z.infer<typeof datevSettingsJson>;
