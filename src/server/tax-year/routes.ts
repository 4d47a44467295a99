import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateInBerlin } from '../../shared/dates';
import { fileNamePart } from '../../shared/file-name-part';
import { anlageVHelpView } from '../../shared/print-model/anlage-v-help';
import {
  coOwnersBody,
  depreciationBody,
  depreciationJson,
  loanBody,
  loanJson,
  loanStatementJson,
  taxYearJson,
} from '../../shared/schemas/tax-year';
import { pathYear } from '../../shared/schemas/year';
import { z } from '../../shared/schemas/zod';
import { errorResponses } from '../errors';
import { pdfFile, sendDownload } from '../http/files';
import { isUuid } from '../http/ids';
import { createThrottle } from '../http/throttle';
import { spendPreview } from '../pdf/render-budget';
import { propertyNotFound } from '../properties/not-found';
import { findProperty } from '../properties/queries';
import { requireScope, workInWorkspace } from '../workspaces/scope';
import {
  addLoan,
  changeLoan,
  deleteLoan,
  findCoOwners,
  findDepreciation,
  listLoans,
  presentLoan,
  requireProperty,
  saveCoOwners,
  saveDepreciation,
} from './inputs';
import { loanStatementsOf } from './receipts';
import { taxYearOf } from './tax-year';

const params = z.object({
  id: z.string().max(100),
  year: pathYear,
});
const idParams = z.object({ id: z.string().max(100) });
const loanParams = z.object({ id: z.string().max(100), loanId: z.string().max(100) });

/** A property's tax year, and what only the landlord knows for it: loans and the AfA basis. */
export const taxYearRoutes: FastifyPluginAsyncZod = async (app) => {
  workInWorkspace(app);
  const { db } = app.database;
  const throttle = createThrottle(db);
  app.get(
    '/properties/:id/tax-years/:year',
    {
      schema: {
        tags: ['tax-year'],
        summary: 'A property’s tax year: the Anlage V’s lines, each figure with the sources it sums',
        description:
          'Income by Zufluss (§ 11 EStG) with the 10-day rule around New Year, split into Kaltmiete and ' +
          'Umlagen as the tenancy’s account allocated each payment (§ 366 BGB); Werbungskosten from the ' +
          'confirmed receipts by the day paid, the loans’ interest, the AfA; the own use taken off by area.',
        params,
        response: { 200: taxYearJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw propertyNotFound();
      return taxYearOf(db, scope.workspaceId, request.params.id, request.params.year);
    },
  );

  app.get(
    '/properties/:id/tax-years/:year/anlage-v.pdf',
    {
      schema: {
        tags: ['tax-year'],
        summary:
          'The "Ausfüllhilfe Anlage V": each line number, Kennzahl, text and amount; the sources in an annex',
        params,
        response: { 200: pdfFile, ...errorResponses(400, 401, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw propertyNotFound();
      const { id, year } = request.params;
      const [data, property] = await Promise.all([
        taxYearOf(db, scope.workspaceId, id, year),
        findProperty(db, scope.workspaceId, id),
      ]);
      if (!property) throw propertyNotFound();
      const help = anlageVHelpView(
        data,
        { name: property.name, address: `${property.street}, ${property.postalCode} ${property.city}` },
        isoDateInBerlin(new Date()),
      );
      // drawn like a letter preview: within the workspace's rendering budget
      await spendPreview(throttle, reply, scope.workspaceId);
      const pdf = await app.pdfRenderer.render({ kind: 'tax-help', help }, scope.workspaceId);
      return sendDownload(
        reply,
        'application/pdf',
        `Anlage_V_${year}_${fileNamePart(property.name) || 'Immobilie'}.pdf`,
        pdf,
      );
    },
  );

  app.get(
    '/properties/:id/loans',
    {
      schema: {
        tags: ['tax-year'],
        summary: 'The property’s loans',
        params: idParams,
        response: { 200: z.array(loanJson), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return (await listLoans(db, scope.workspaceId, request.params.id)).map(presentLoan);
    },
  );

  app.get(
    '/properties/:id/loan-statements',
    {
      schema: {
        tags: ['tax-year'],
        summary: 'The property’s receipts read as a loan’s yearly statement, with the interest of their year',
        description:
          'A statement is no cost of the year: its interest goes into a loan (its `statedInterest`), where it ' +
          'wins over the computed one.',
        params: idParams,
        response: { 200: z.array(loanStatementJson), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      await requireProperty(db, scope.workspaceId, request.params.id);
      return loanStatementsOf(db, scope.workspaceId, request.params.id);
    },
  );

  app.post(
    '/properties/:id/loans',
    {
      schema: {
        tags: ['tax-year'],
        summary:
          'Add a loan: lender, amount, rate, monthly rate, first rate; the bank’s stated interest per year',
        params: idParams,
        body: loanBody,
        response: { 201: loanJson, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      reply.code(201);
      return addLoan(db, scope, request.params.id, request.body);
    },
  );

  app.put(
    '/properties/:id/loans/:loanId',
    {
      schema: {
        tags: ['tax-year'],
        summary: 'Change a loan, e.g. enter the interest of a year from the bank’s statement',
        params: loanParams,
        body: loanBody,
        response: { 200: loanJson, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return changeLoan(db, scope.workspaceId, request.params.id, request.params.loanId, request.body);
    },
  );

  app.delete(
    '/properties/:id/loans/:loanId',
    {
      schema: {
        tags: ['tax-year'],
        summary: 'Delete a loan',
        params: loanParams,
        response: { 204: z.null(), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      await deleteLoan(db, scope.workspaceId, request.params.id, request.params.loanId);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/properties/:id/co-owners',
    {
      schema: {
        tags: ['tax-year'],
        summary: 'The property’s co-owners with their shares; empty with one owner',
        params: idParams,
        response: { 200: coOwnersBody, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return { owners: await findCoOwners(db, scope.workspaceId, request.params.id) };
    },
  );

  app.put(
    '/properties/:id/co-owners',
    {
      schema: {
        tags: ['tax-year'],
        summary:
          'Enter the co-owners and their shares (Miteigentumsanteile), adding up to 1; empty: one owner',
        params: idParams,
        body: coOwnersBody,
        response: { 200: coOwnersBody, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return { owners: await saveCoOwners(db, scope.workspaceId, request.params.id, request.body) };
    },
  );

  app.get(
    '/properties/:id/depreciation',
    {
      schema: {
        tags: ['tax-year'],
        summary: 'The AfA basis of the property’s building; null before it was entered',
        params: idParams,
        response: { 200: depreciationJson.nullable(), ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return findDepreciation(db, scope.workspaceId, request.params.id);
    },
  );

  app.put(
    '/properties/:id/depreciation',
    {
      schema: {
        tags: ['tax-year'],
        summary:
          'Enter the AfA basis: the building’s cost, completion year (→ rate, § 7 Abs. 4 EStG), acquisition day',
        params: idParams,
        body: depreciationBody,
        response: { 200: depreciationJson, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return saveDepreciation(db, scope.workspaceId, request.params.id, request.body);
    },
  );
};
