import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountQuery,
  arrearsJson,
  bankImportJson,
  bankTransactionJson,
  csvColumnsJson,
  csvMappingSchema,
  matchRequest,
  payerAssignmentRequest,
  payerTenancyRequest,
  recurringPayerJson,
  refusedBankFileJson,
  tenancyAccountJson,
  transactionsPageJson,
  transactionsQuery,
} from '../../shared/schemas/bank';
import { tenancyInputSchema } from '../../shared/schemas/house';
import { tenancyJson } from '../../shared/schemas/settlement-json';
import { z } from '../../shared/schemas/zod';
import { tenancyNotFound } from '../buildings/messages';
import { presentTenancy } from '../buildings/present';
import type { bankTransactions } from '../db/schema';
import { AppError, errorResponses, notFound, tooMany } from '../errors';
import { contentDisposition } from '../http/content-disposition';
import { isUuid } from '../http/ids';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import { arrearsOf } from './arrears';
import { BANK_FILE_LIMITS, BankFileError, BankFileUnreadable, CsvColumnsUnknown } from './booking';
import { importBankFile } from './import-bank-file';
import { BankFileBusy, csvColumnsOffThread } from './read-off-thread';
import { assignPayer, listRecurringPayers, tenanciesFromPayers } from './recurring-payers';
import {
  deleteRefusedFile,
  keepRefusedFile,
  listRefusedFiles,
  refusedFile,
  refusedFileNotFound,
} from './refused-files';
import { rentAccountOf } from './rent-account';
import { bookingNotFound, deleteImport, listImports, listTransactions, setMatch } from './transactions';

const idParams = z.object({ id: z.string() });
const badFile = (message: string) => new AppError('invalid_bank_file', 400, message, { file: message });
const columnsUnknown = (message: string) => new AppError('csv_columns_unknown', 422, message);

/** The multipart form of an import: the file, and optionally the property and a CSV's column mapping. */
async function importForm(
  parts: AsyncIterable<{
    type: string;
    fieldname: string;
    value?: unknown;
    filename?: string;
    file?: { truncated: boolean };
    toBuffer?: () => Promise<Buffer>;
  }>,
) {
  let bytes: Buffer | null = null;
  let name = '';
  let propertyId: string | null = null;
  let csvMapping: unknown;
  for await (const part of parts) {
    if (part.type === 'file' && part.toBuffer) {
      name = part.filename ?? '';
      bytes = await part.toBuffer();
      if (part.file?.truncated)
        throw badFile('Die Datei ist größer als 20 MB. Bitte laden Sie kürzere Zeiträume hoch.');
    } else if (part.fieldname === 'propertyId' && typeof part.value === 'string' && part.value !== '') {
      propertyId = part.value;
    } else if (part.fieldname === 'csvMapping' && typeof part.value === 'string' && part.value !== '') {
      try {
        csvMapping = JSON.parse(part.value);
      } catch {
        throw badFile('Die Zuordnung der Spalten ist ungültig.');
      }
    }
  }
  if (!bytes || bytes.byteLength === 0) throw badFile('Bitte wählen Sie eine Datei aus.');
  if (propertyId !== null && !isUuid(propertyId))
    throw new AppError('not_found', 404, 'Immobilie nicht gefunden.');
  const mapping = csvMapping === undefined ? undefined : csvMappingSchema.safeParse(csvMapping);
  if (mapping && !mapping.success)
    throw badFile(mapping.error.issues[0]?.message ?? 'Die Zuordnung der Spalten ist ungültig.');
  return { bytes, name, propertyId, csvMapping: mapping?.data };
}

/** /api/bank: the landlord's bank files and what their bookings are. */
export const bankRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  await app.register(multipart, {
    throwFileSizeLimit: false,
    limits: { fileSize: BANK_FILE_LIMITS.bytes, files: 1, fields: 3, fieldSize: 2000, parts: 4 },
  });

  app.post(
    '/bank/imports',
    {
      schema: {
        tags: ['bank'],
        summary:
          'Import a bank statement file (CAMT.053 XML or ZIP, MT940, CSV-CAMT, other CSV); multipart: file, propertyId?, csvMapping?',
        description:
          'Each booking is stored once per account: an overlapping file adds only what is new. Bookings are ' +
          'matched to tenancies where it is clear (IBAN known, name, flat, amount) or by a remembered rule. ' +
          'A file that cannot be read answers 400 with the reason, stores no booking and is kept with its reason ' +
          "(GET /bank/refused-files). Another bank's CSV whose " +
          'columns are not clear answers 422 csv_columns_unknown: map them (POST /bank/csv-columns) and send ' +
          '`csvMapping` (JSON: bookingDate, amount or debit and credit, direction?, valueDate?, name?, iban?, purpose?), ' +
          'remembered per bank. One file per account is read at a time (429 bank_file_busy while one is).',
        consumes: ['multipart/form-data'],
        response: { 201: bankImportJson, ...errorResponses(400, 401, 404, 422, 429) },
      },
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!request.isMultipart()) throw badFile('Bitte wählen Sie eine Datei aus.');
      const { bytes, name, propertyId, csvMapping } = await importForm(request.parts());
      try {
        return reply
          .status(201)
          .send(await importBankFile(db, scope.workspaceId, bytes, propertyId, csvMapping));
      } catch (error) {
        if (error instanceof CsvColumnsUnknown) throw columnsUnknown(error.message);
        if (error instanceof BankFileBusy) throw tooMany('bank_file_busy', error.message, 5);
        if (error instanceof BankFileUnreadable)
          request.log.error({ detail: error.detail }, 'bank file reader failed');
        if (error instanceof BankFileError) {
          // kept with its reason, not dropped: the landlord sees it in the list of refused files
          await keepRefusedFile(db, scope.workspaceId, { name, bytes, reason: error.message });
          throw badFile(error.message);
        }
        throw error;
      }
    },
  );

  app.post(
    '/bank/csv-columns',
    {
      schema: {
        tags: ['bank'],
        summary: "Another bank's CSV file: its columns, what their names suggest, its first rows",
        description:
          'For the landlord to map the columns once (an import answered 422 csv_columns_unknown); the ' +
          'import with `csvMapping` then remembers the mapping for this bank. Nothing is stored here.',
        consumes: ['multipart/form-data'],
        response: { 200: csvColumnsJson, ...errorResponses(400, 401, 429) },
      },
      validatorCompiler: () => (data) => ({ value: data }),
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!request.isMultipart()) throw badFile('Bitte wählen Sie eine Datei aus.');
      const { bytes } = await importForm(request.parts());
      try {
        return await csvColumnsOffThread(scope.workspaceId, bytes);
      } catch (error) {
        if (error instanceof BankFileBusy) throw tooMany('bank_file_busy', error.message, 5);
        if (error instanceof BankFileUnreadable)
          request.log.error({ detail: error.detail }, 'bank file reader failed');
        if (error instanceof BankFileError) throw badFile(error.message);
        throw error;
      }
    },
  );

  app.get(
    '/bank/refused-files',
    {
      schema: {
        tags: ['bank'],
        summary: 'The bank files that could not be read, newest first, each with its reason (the last five)',
        response: { 200: z.array(refusedBankFileJson), ...errorResponses(401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return (await listRefusedFiles(db, scope.workspaceId)).map((r) => ({
        ...r,
        createdAt: r.createdAt.toISOString(),
      }));
    },
  );

  app.get(
    '/bank/refused-files/:id/file',
    {
      schema: {
        tags: ['bank'],
        summary: 'A refused bank file as it was uploaded (a download, never shown in the browser)',
        params: idParams,
        response: {
          200: z.custom<Buffer>().describe('The file as uploaded, application/octet-stream'),
          ...errorResponses(401, 404),
        },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw refusedFileNotFound();
      const file = await refusedFile(db, scope.workspaceId, request.params.id);
      return reply
        .header('content-disposition', contentDisposition('attachment', file.name))
        .header('content-security-policy', 'sandbox')
        .header('cache-control', 'private, no-store')
        .type('application/octet-stream')
        .send(Buffer.from(file.content));
    },
  );

  app.delete(
    '/bank/refused-files/:id',
    {
      schema: {
        tags: ['bank'],
        summary: 'Remove a refused bank file',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw refusedFileNotFound();
      await deleteRefusedFile(db, scope.workspaceId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/bank/imports',
    {
      schema: {
        tags: ['bank'],
        summary: "The workspace's imports, newest first",
        response: { 200: z.array(bankImportJson), ...errorResponses(401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return (await listImports(db, scope.workspaceId)).map((r) => ({
        id: r.id,
        format: r.format,
        iban: r.iban,
        from: r.fromDate,
        to: r.toDate,
        transactions: r.transactions,
        new: r.newCount,
        duplicates: r.duplicates,
        matched: r.matched,
      }));
    },
  );

  app.delete(
    '/bank/imports/:id',
    {
      schema: {
        tags: ['bank'],
        summary: 'Remove an import with its bookings and their matches',
        params: idParams,
        response: { 204: z.null(), ...errorResponses(401, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw new AppError('not_found', 404, 'Import nicht gefunden.');
      await deleteImport(db, scope.workspaceId, request.params.id);
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/bank/transactions',
    {
      schema: {
        tags: ['bank'],
        summary: "The workspace's bookings by date, with what each was matched to, a page at a time",
        description:
          'At most `limit` bookings (500 unless asked, at most 1000); `next` names the next page, to be ' +
          'passed as `after`.',
        querystring: transactionsQuery,
        response: { 200: transactionsPageJson, ...errorResponses(400, 401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const { rows, next } = await listTransactions(db, scope.workspaceId, request.query);
      return { transactions: rows.map(presentTransaction), next };
    },
  );

  app.get(
    '/bank/recurring-payers',
    {
      schema: {
        tags: ['bank'],
        summary: 'Payers of money in who pay the same amount month after month and belong to no tenancy yet',
        description:
          'Built from the bookings not assigned yet: per payer (IBAN, else name) the sum of each month; ' +
          'regular where one sum recurs in three months or more. Invoices, refunds and credits do not count. ' +
          'Each can be taken as a tenancy (POST /bank/recurring-payers/tenancies).',
        response: { 200: z.array(recurringPayerJson), ...errorResponses(401) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return listRecurringPayers(db, scope.workspaceId);
    },
  );

  app.post(
    '/bank/recurring-payers/tenancies',
    {
      schema: {
        tags: ['bank'],
        summary:
          'Take a regular payer as a tenancy of a unit: its bookings are assigned to it, now and later',
        description:
          'The tenancy as POST /units/{id}/tenancies takes it, with `payer` (as listed) and `unitId`. In one ' +
          'transaction the tenancy is created, the payer remembered for it ("immer so") and its open bookings ' +
          'assigned; `assigned` says how many. A payer without open bookings answers 404.',
        body: tenancyInputSchema.and(payerTenancyRequest),
        response: {
          201: tenancyJson.extend({ assigned: z.number().int().describe('Open bookings now assigned') }),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const [taken] = await tenanciesFromPayers(db, scope.workspaceId, [request.body]);
      if (!taken) throw new Error('a tenancy from a payer returned none');
      return reply.status(201).send({ ...presentTenancy(taken.tenancy), assigned: taken.assigned });
    },
  );

  app.post(
    '/bank/recurring-payers/tenancies/batch',
    {
      schema: {
        tags: ['bank'],
        summary: 'Take several regular payers as tenancies at once: all or none',
        description:
          'Each row as POST /bank/recurring-payers/tenancies takes it. In one transaction every tenancy is ' +
          'created, its payer remembered and its open bookings assigned. A row that cannot be taken answers ' +
          'with its number ("Zeile 3: …") and its field (`tenancies.2.start`); nothing is stored.',
        body: z.object({
          tenancies: z
            .array(tenancyInputSchema.and(payerTenancyRequest))
            .min(1, 'Bitte wählen Sie für mindestens einen Zahler die Wohnung.')
            .max(100, 'Höchstens 100 Mietverhältnisse auf einmal.'),
        }),
        response: {
          201: z.object({
            tenancies: z.array(
              tenancyJson.extend({ assigned: z.number().int().describe('Open bookings now assigned') }),
            ),
          }),
          ...errorResponses(400, 401, 404, 409),
        },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const taken = await tenanciesFromPayers(db, scope.workspaceId, request.body.tenancies);
      return reply.status(201).send({
        tenancies: taken.map(({ tenancy, assigned }) => ({ ...presentTenancy(tenancy), assigned })),
      });
    },
  );

  app.post(
    '/bank/recurring-payers/assignments',
    {
      schema: {
        tags: ['bank'],
        summary:
          'Take a regular payer for a tenancy it pays for ("immer so"): its bookings assigned, now and later',
        description:
          'For an office or a relative paying a tenant’s rent (`paidFor` of the list names the likely tenancy). ' +
          'In one transaction the payer is remembered for the tenancy and its open bookings assigned; ' +
          '`assigned` says how many. Another workspace’s tenancy or a payer without open bookings answers 404.',
        body: payerAssignmentRequest,
        response: {
          200: z.object({ assigned: z.number().int().describe('Open bookings now assigned') }),
          ...errorResponses(400, 401, 404),
        },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      const { payer, tenancyId } = request.body;
      if (!isUuid(tenancyId)) throw tenancyNotFound();
      return { assigned: await assignPayer(db, scope.workspaceId, payer, tenancyId) };
    },
  );

  app.get(
    '/tenancies/:id/account',
    {
      schema: {
        tags: ['bank'],
        summary: 'The tenancy account (Mietkonto): per month due, paid and open, with the bank lines',
        description:
          'Payments are allocated as the law says: the months a payment names, a month’s exact due to its ' +
          'month, else open prepayments before the Kaltmiete, older months first (§ 366 Abs. 2 BGB).',
        params: idParams,
        querystring: accountQuery,
        response: { 200: tenancyAccountJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw notFound('Mietverhältnis nicht gefunden.');
      return rentAccountOf(db, scope.workspaceId, request.params.id, request.query);
    },
  );

  app.get(
    '/properties/:id/arrears',
    {
      schema: {
        tags: ['bank'],
        summary: 'What each tenant of the property owes according to the bank files, up to this month',
        params: idParams,
        response: { 200: arrearsJson, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw notFound('Immobilie nicht gefunden');
      return arrearsOf(db, scope.workspaceId, request.params.id);
    },
  );

  app.patch(
    '/bank/transactions/:id',
    {
      schema: {
        tags: ['bank'],
        summary: 'Say what a booking is; with remember, every booking of that payer is matched so',
        params: idParams,
        body: matchRequest,
        response: { 200: bankTransactionJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw bookingNotFound();
      const { match, remember } = request.body;
      return presentTransaction(await setMatch(db, scope.workspaceId, request.params.id, match, remember));
    },
  );
};

function presentTransaction(r: typeof bankTransactions.$inferSelect) {
  return {
    id: r.id,
    bookingDate: r.bookingDate,
    valueDate: r.valueDate,
    amountCents: r.amountCents,
    counterpartyName: r.counterpartyName,
    counterpartyIban: r.counterpartyIban,
    reference: r.reference,
    match: r.match,
    matchedBy: r.matchedBy,
    reversal: r.reversal,
    reverses: r.reverses,
  };
}
