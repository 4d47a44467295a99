// Requests and answers of /api/bank/*.

import { z } from './zod';

const uuid = z.uuid({ error: 'Ungültige ID.' });
const month = z.string().regex(/^\d{4}-(0[1-9]|1[0-2])$/, 'Ein Monat als JJJJ-MM.');

/**
 * What a booking is: a tenant's payment (for some months), a tenant's deposit (Kaution), a cost of the
 * house, or nothing to us.
 */
export const bankMatchSchema = z.discriminatedUnion('kind', [
  z.object({
    kind: z.literal('tenant-payment'),
    tenancyId: uuid,
    months: z.array(month).max(24).optional(),
  }),
  z.object({ kind: z.literal('deposit'), tenancyId: uuid }),
  z.object({ kind: z.literal('cost'), documentId: uuid.optional() }),
  z.object({ kind: z.literal('ignored') }),
]);

const column = z.string().max(200).optional();

/**
 * Which of a bank's CSV columns holds what: the column names as the file writes them. The amount is one
 * signed column, or one column with a Soll/Haben mark beside it (`direction`), or two columns of money
 * out and in (`debit`, `credit`).
 */
const csvMappingFields = z.object({
  bookingDate: z
    .string({ error: 'Bitte wählen Sie die Spalte mit dem Buchungstag.' })
    .min(1, 'Bitte wählen Sie die Spalte mit dem Buchungstag.')
    .max(200),
  amount: column,
  direction: column.describe('A column marking the amount as Soll (S, out) or Haben (H, in)'),
  debit: column.describe('A column of money out (Soll, Ausgang), with or without a minus'),
  credit: column.describe('A column of money in (Haben, Eingang)'),
  valueDate: column,
  name: column,
  iban: column,
  purpose: column,
});
export const csvMappingSchema = csvMappingFields.refine((m) => m.amount || (m.debit && m.credit), {
  error: 'Bitte wählen Sie die Spalte mit dem Betrag (oder die Spalten Soll und Haben).',
  path: ['amount'],
});
export type CsvMapping = z.infer<typeof csvMappingSchema>;

/** The columns of a CSV file whose mapping is not known yet (POST /api/bank/csv-columns). */
export const csvColumnsJson = z.object({
  headers: z.array(z.string()),
  guess: csvMappingFields.partial().describe('What the column names suggest'),
  sample: z.array(z.array(z.string())).describe('The first rows, for the landlord to recognise the columns'),
});
export type CsvColumnsJson = z.infer<typeof csvColumnsJson>;

/** A bank file that could not be read, kept with the reason (GET /api/bank/refused-files). */
export const refusedBankFileJson = z.object({
  id: z.uuid(),
  name: z.string(),
  size: z.number().int(),
  reason: z.string(),
  createdAt: z.string(),
});
export type RefusedBankFileJson = z.infer<typeof refusedBankFileJson>;

export const BANK_FILE_FORMATS = ['camt053', 'mt940', 'csv-camt', 'csv-mt940', 'csv'] as const;

export const bankImportJson = z.object({
  id: z.uuid(),
  format: z.enum(BANK_FILE_FORMATS),
  iban: z.string(),
  from: z.string().nullable(),
  to: z.string().nullable(),
  transactions: z.number().int().describe('Bookings in the file'),
  new: z.number().int().describe('Stored now'),
  duplicates: z.number().int().describe('Already stored by an earlier import'),
  matched: z.number().int().describe('Of the new ones, matched automatically or by a rule'),
});
export type BankImportJson = z.infer<typeof bankImportJson>;

export const bankTransactionJson = z.object({
  id: z.uuid(),
  bookingDate: z.string(),
  valueDate: z.string(),
  amountCents: z.number().int().describe('Money in positive, out negative'),
  counterpartyName: z.string(),
  counterpartyIban: z.string(),
  reference: z.string(),
  match: bankMatchSchema.nullable(),
  matchedBy: z.enum(['auto', 'rule', 'user']).nullable(),
  reversal: z.boolean().describe('A returned booking (Rückbuchung); its sign is its own direction'),
  reverses: z.uuid().nullable().describe('The booking this reversal returns, where one was found'),
});
export type BankTransactionJson = z.infer<typeof bankTransactionJson>;

/** Bookings answered per page at most, and by default. */
export const TRANSACTIONS_PAGE = { max: 1000, default: 500 } as const;

export const transactionsQuery = z.object({
  from: z.iso.date({ error: 'Ungültiges Datum.' }).optional(),
  to: z.iso.date({ error: 'Ungültiges Datum.' }).optional(),
  status: z.enum(['matched', 'unmatched', 'all']).default('all'),
  limit: z.coerce
    .number({ error: 'Die Seitengröße muss eine Zahl sein.' })
    .int('Die Seitengröße muss eine ganze Zahl sein.')
    .min(1, 'Die Seitengröße muss mindestens 1 sein.')
    .max(TRANSACTIONS_PAGE.max, `Höchstens ${TRANSACTIONS_PAGE.max} Buchungen je Seite.`)
    .default(TRANSACTIONS_PAGE.default),
  after: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}_[0-9a-f-]{36}$/, 'Ungültige Seitenmarke.')
    .optional()
    .describe('The `next` of the page before'),
});

export const transactionsPageJson = z.object({
  transactions: z.array(bankTransactionJson),
  next: z.string().nullable().describe('Pass as `after` for the next page; null on the last page'),
});
export type TransactionsPageJson = z.infer<typeof transactionsPageJson>;

export const matchRequest = z.object({
  match: bankMatchSchema.nullable(),
  remember: z.boolean().default(false),
});

const cents = z.number().int();
export const tenancyAccountJson = z.object({
  tenancyId: z.uuid(),
  from: z.string(),
  to: z.string(),
  months: z.array(
    z.object({
      month: z.string().describe('YYYY-MM'),
      due: z.object({ prepaymentCents: cents, rentCents: cents }),
      paid: z.object({ prepaymentCents: cents, rentCents: cents }),
      openCents: cents,
      lines: z.array(
        z.object({
          transactionId: z.uuid(),
          bookingDate: z.string(),
          reference: z.string(),
          cents,
          prepaymentCents: cents,
          rentCents: cents,
        }),
      ),
    }),
  ),
  creditCents: cents.describe('Paid beyond everything due in the range'),
});

export const accountQuery = z.object({
  from: z.iso.date({ error: 'Ungültiges Datum.' }).optional(),
  to: z.iso.date({ error: 'Ungültiges Datum.' }).optional(),
});

export const arrearsJson = z.object({
  from: z.string().nullable().describe('The first day the bank files cover; null without any'),
  to: z.string().describe('Their last booking day (today without any)'),
  tenancies: z.array(
    z.object({ tenancyId: z.uuid(), openCents: z.number().int(), openMonths: z.number().int() }),
  ),
});
export type ArrearsJson = z.infer<typeof arrearsJson>;
export type TenancyAccountJson = z.infer<typeof tenancyAccountJson>;

/** A payer of money in who pays the same month after month and belongs to no tenancy yet. */
export const recurringPayerJson = z.object({
  payer: z.string().describe('The key its bookings are remembered under: the IBAN, else the name'),
  name: z.string(),
  iban: z.string(),
  monthlyCents: z.number().int().describe('What came in in each of the latest regular months'),
  firstMonth: month.describe('The first month with a payment'),
  lastMonth: month,
  months: z.number().int().describe('Months with a payment'),
  bookings: z.number().int(),
  paidFor: z
    .object({ id: z.uuid(), name: z.string(), unitLabel: z.string() })
    .nullable()
    .describe(
      'The one tenancy due exactly what the payer pays, running then and paid by nobody yet (an office or a relative paying a tenant’s rent)',
    ),
  unitId: z
    .uuid()
    .nullable()
    .describe(
      'The one unit the payments’ purpose names as a whole phrase (e.g. "Miete 05/2025 EG links"), proposed for the tenancy; null when none or several fit',
    ),
});
export type RecurringPayerJson = z.infer<typeof recurringPayerJson>;

/** The payer taken as a tenancy: which payer, into which unit (the tenancy as POST /units/{id}/tenancies). */
export const payerTenancyRequest = z.object({
  payer: z.string().min(1, 'Bitte wählen Sie einen Zahler.').max(300),
  unitId: z.string().max(100),
});

/** A regular payer taken for a tenancy it pays for. */
export const payerAssignmentRequest = z.object({
  payer: z.string().min(1, 'Bitte wählen Sie einen Zahler.').max(300),
  tenancyId: z.string().max(100),
});
