// For the tax adviser (docs/domain/tax-year.md, "For the adviser"): the DATEV settings of a workspace,
// the year's Buchungsstapel, the receipts of the year (a property's, or all). A read-only member downloads all of it.

import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { datevSettingsBody, datevSettingsJson } from '../../shared/schemas/tax-year';
import { pathYear } from '../../shared/schemas/year';
import { z } from '../../shared/schemas/zod';
import { errorResponses } from '../errors';
import { sendDownload, zipFile } from '../http/files';
import { isUuid } from '../http/ids';
import { propertyNotFound } from '../properties/not-found';
import { requireMember, requireScope } from '../workspaces/scope';
import {
  datevExport,
  datevSettingsOf,
  receiptsZip,
  saveDatevSettings,
  workspaceReceiptsZip,
} from './adviser';

const workspaceParams = z.object({ id: z.string().max(100) });
const csvFile = z
  .custom<Buffer>((v) => Buffer.isBuffer(v))
  .describe('The DATEV file (text/csv, Windows-1252)');

export const adviserRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;

  app.get(
    '/workspaces/:id/datev',
    {
      preValidation: async (request) => {
        await requireMember(request, (request.params as { id: string }).id, 'read');
      },
      schema: {
        tags: ['tax-year'],
        summary: 'The DATEV settings: chart (SKR03/SKR04), accounts, Berater- and Mandantennummer',
        description: 'Before they are saved: the proposal for SKR03 (`saved: false`).',
        params: workspaceParams,
        response: { 200: datevSettingsJson, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireMember(request, request.params.id, 'read');
      return datevSettingsOf(db, scope.workspaceId);
    },
  );

  app.put(
    '/workspaces/:id/datev',
    {
      preValidation: async (request) => {
        await requireMember(request, (request.params as { id: string }).id, 'own');
      },
      schema: {
        tags: ['tax-year'],
        summary: 'Save the DATEV settings as agreed with the adviser (owner)',
        params: workspaceParams,
        body: datevSettingsBody,
        response: { 200: datevSettingsJson, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await requireMember(request, request.params.id, 'own');
      return saveDatevSettings(db, scope.workspaceId, request.body);
    },
  );

  app.get(
    '/workspaces/:id/datev/:year.csv',
    {
      preValidation: async (request) => {
        await requireMember(request, (request.params as { id: string }).id, 'read');
      },
      schema: {
        tags: ['tax-year'],
        summary: 'The year’s DATEV Buchungsstapel (EXTF 700, format version 13, Windows-1252)',
        description:
          'Every payment behind the properties’ Anlage V: rent, Umlagen, Guthaben paid out, deposits set off, ' +
          'receipts paid; the property in Beleginfo „Objekt“. AfA and loan interest are in the Ausfüllhilfe.',
        params: z.object({ id: z.string().max(100), year: pathYear }),
        response: { 200: csvFile, ...errorResponses(400, 401, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireMember(request, request.params.id, 'read');
      const { fileName, content } = await datevExport(db, scope, request.params.year);
      return sendDownload(reply, 'text/csv; charset=windows-1252', fileName, content);
    },
  );

  app.get(
    '/workspaces/:id/receipts/:year.zip',
    {
      preValidation: async (request) => {
        await requireMember(request, (request.params as { id: string }).id, 'read');
      },
      schema: {
        tags: ['tax-year'],
        summary: 'The receipts every property’s tax year counts, as a ZIP with a folder per property',
        params: z.object({ id: z.string().max(100), year: pathYear }),
        response: { 200: zipFile, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request, reply) => {
      const scope = await requireMember(request, request.params.id, 'read');
      const { fileName, content } = await workspaceReceiptsZip(db, app.storage, scope, request.params.year);
      return sendDownload(reply, 'application/zip', fileName, content);
    },
  );

  app.get(
    '/properties/:id/receipts/:year.zip',
    {
      preValidation: async (request) => {
        await requireScope(request);
      },
      schema: {
        tags: ['tax-year'],
        summary: 'The receipts the property’s tax year counts, as a ZIP named by day, payee and amount',
        params: z.object({ id: z.string().max(100), year: pathYear }),
        response: { 200: zipFile, ...errorResponses(400, 401, 404, 413) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw propertyNotFound();
      const { fileName, content } = await receiptsZip(
        db,
        app.storage,
        scope.workspaceId,
        request.params.id,
        request.params.year,
      );
      return sendDownload(reply, 'application/zip', fileName, content);
    },
  );
};
