import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { isoDateInBerlin } from '../../shared/dates';
import {
  graceDays,
  reminderDispatchBody,
  reminderJson,
  reminderPauseBody,
  reminderPauseJson,
  reminderRequest,
  rentSettingsJson,
  workspaceArrearsJson,
} from '../../shared/schemas/late-rent';
import { z } from '../../shared/schemas/zod';
import { errorResponses, notFound } from '../errors';
import { pdfFile } from '../http/files';
import { isUuid } from '../http/ids';
import { createThrottle } from '../http/throttle';
import { tenantMailBudget } from '../mail/tenant-mail-budget';
import { sendShortLetter } from '../pdf/render-budget';
import { requireMember, requireScope } from '../workspaces/scope';
import { dispatchReminder } from './reminder-delivery';
import {
  createReminder,
  findReminder,
  liftReminderPause,
  listReminders,
  pauseReminders,
  reminderLetter,
} from './reminders';
import { rentSettingsOf, saveRentSettings } from './rent-settings';
import { tenancyId } from './tenancy-id';
import { workspaceArrears } from './workspace-arrears';

const params = z.object({ id: z.string().max(100).describe('Workspace id') });
const idParams = z.object({ id: z.string().max(100) });
const query = z.object({
  graceDays: z.coerce
    .number({ error: 'Bitte geben Sie ganze Tage an.' })
    .pipe(graceDays)
    .optional()
    .describe('Days after the due day a booking still counts as on time; absent: the workspace’s setting'),
});

/** Rent across the workspace: who owes what since when, with the interest (docs/domain/late-rent.md). */
export const rentRoutes: FastifyPluginAsyncZod = async (app) => {
  const { db } = app.database;
  const throttle = createThrottle(db);
  app.get(
    '/workspaces/:id/arrears',
    {
      preValidation: async (request) => {
        await requireMember(request, (request.params as { id: string }).id, 'read');
      },
      schema: {
        tags: ['rent'],
        summary: 'Who owes rent since when, with the default interest, across the workspace (bank files)',
        description:
          'Due by the 3rd Werktag (§ 556b BGB), late after the grace days; interest by the day at 5 points over ' +
          'the Basiszinssatz (9 for a commercial unit, § 288 BGB) up to the bank files’ last day.',
        params,
        querystring: query,
        response: { 200: workspaceArrearsJson, ...errorResponses(400, 401, 404) },
      },
    },
    async (request) => {
      const scope = await requireMember(request, request.params.id, 'read');
      return workspaceArrears(db, scope, request.query.graceDays);
    },
  );

  app.get(
    '/workspaces/:id/rent-settings',
    {
      preValidation: async (request) => {
        await requireMember(request, (request.params as { id: string }).id, 'read');
      },
      schema: {
        tags: ['rent'],
        summary: 'The workspace’s rent settings: the grace days after the due day (default 3)',
        params,
        response: { 200: rentSettingsJson, ...errorResponses(401, 404) },
      },
    },
    async (request) => {
      const scope = await requireMember(request, request.params.id, 'read');
      return rentSettingsOf(db, scope.workspaceId);
    },
  );

  app.put(
    '/workspaces/:id/rent-settings',
    {
      preValidation: async (request) => {
        await requireMember(request, (request.params as { id: string }).id, 'own');
      },
      schema: {
        tags: ['rent'],
        summary: 'Set the grace days after the due day in which a rent booking still counts as on time',
        params,
        body: rentSettingsJson,
        response: { 200: rentSettingsJson, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await requireMember(request, request.params.id, 'own');
      return saveRentSettings(db, scope.workspaceId, request.body);
    },
  );

  app.post(
    '/tenancies/:id/reminders',
    {
      // the role before the body: a reader is refused whatever he sends
      preValidation: async (request) => {
        await requireScope(request);
      },
      schema: {
        tags: ['rent'],
        summary: 'Make a Zahlungserinnerung, Mahnung or letzte Mahnung of the rent open by the bank files',
        description:
          'Lists the months open as of the bank files’ last day with the default interest, a fee only as ' +
          'given (actual costs, at most 10 €), payable within 14 days; kept as made. 409 when nothing is open.',
        params: idParams,
        body: reminderRequest,
        response: { 201: reminderJson, ...errorResponses(400, 401, 403, 404, 409) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      const made = await createReminder(
        db,
        scope,
        tenancyId(request.params.id),
        request.body,
        isoDateInBerlin(new Date()),
      );
      return reply.code(201).send(made);
    },
  );

  app.get(
    '/tenancies/:id/reminders',
    {
      schema: {
        tags: ['rent'],
        summary: 'The reminders made for a tenancy, newest first',
        params: idParams,
        response: { 200: z.array(reminderJson), ...errorResponses(401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return listReminders(db, scope.workspaceId, tenancyId(request.params.id));
    },
  );

  app.post(
    '/reminders/:id/dispatch',
    {
      preValidation: async (request) => {
        await requireScope(request);
      },
      schema: {
        tags: ['rent'],
        summary: 'Record how a reminder went to the tenant; with sendEmail mail him a private link to it',
        description:
          'channel: email | post | registered (Einschreiben) | messenger (Bote). With sendEmail the tenancy’s ' +
          'e-mail address gets a link to /m/r/{token} (valid 13 months) whose first opening is recorded. ' +
          'Before mailing, the bank files are read again: 409 when the months asked are paid by now or money ' +
          'came in since the reminder was made (make a new one), during a Mahnsperre, or without an address.',
        params: idParams,
        body: reminderDispatchBody,
        response: { 200: reminderJson, ...errorResponses(400, 401, 403, 404, 409, 429) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw notFound('Mahnung nicht gefunden.');
      const deps = {
        db,
        outbox: app.outbox,
        publicUrl: app.config.publicUrl,
        spendMail: tenantMailBudget(throttle, reply, scope.workspaceId),
      };
      await dispatchReminder(deps, scope, request.params.id, request.body);
      return findReminder(db, scope.workspaceId, request.params.id);
    },
  );

  app.put(
    '/tenancies/:id/reminder-pause',
    {
      preValidation: async (request) => {
        await requireScope(request);
      },
      schema: {
        tags: ['rent'],
        summary: 'Set a Mahnsperre: no reminder for the tenancy until the day given, with the reason',
        params: idParams,
        body: reminderPauseBody,
        response: { 200: reminderPauseJson, ...errorResponses(400, 401, 403, 404) },
      },
    },
    async (request) => {
      const scope = await requireScope(request);
      return pauseReminders(db, scope, tenancyId(request.params.id), request.body);
    },
  );

  app.delete(
    '/tenancies/:id/reminder-pause',
    {
      schema: {
        tags: ['rent'],
        summary: 'Lift the tenancy’s Mahnsperre',
        params: idParams,
        response: { 204: z.null().describe('Lifted'), ...errorResponses(401, 403, 404) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      await liftReminderPause(db, scope.workspaceId, tenancyId(request.params.id));
      return reply.status(204).send(null);
    },
  );

  app.get(
    '/reminders/:id/pdf',
    {
      schema: {
        tags: ['rent'],
        summary: 'The reminder’s letter as a PDF (DIN 5008, GiroCode of the amount asked)',
        params: idParams,
        response: { 200: pdfFile, ...errorResponses(401, 403, 404, 429, 503) },
      },
    },
    async (request, reply) => {
      const scope = await requireScope(request);
      if (!isUuid(request.params.id)) throw notFound('Mahnung nicht gefunden.');
      const letter = await reminderLetter(db, scope.workspaceId, request.params.id);
      return sendShortLetter({ throttle, renderer: app.pdfRenderer }, reply, scope.workspaceId, letter);
    },
  );
};
