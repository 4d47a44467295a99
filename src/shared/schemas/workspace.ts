import { emailSchema } from './auth';
import { z } from './zod';

/** Eigentümer, Bearbeiter, Nur lesen (ADR 0028). */
export const ROLES = ['owner', 'editor', 'reader'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_LABELS: Record<Role, string> = {
  owner: 'Eigentümer',
  editor: 'Bearbeiter',
  reader: 'Nur lesen',
};

export const WORKSPACE_MESSAGES = {
  nameRequired: 'Bitte geben Sie einen Namen ein.',
  nameTooLong: 'Der Name darf höchstens 100 Zeichen lang sein.',
  propertiesEmpty: 'Bitte wählen Sie mindestens eine Immobilie aus.',
  propertiesOnlyReader: 'Nur ein Mitglied mit „Nur lesen“ lässt sich auf einzelne Immobilien beschränken.',
  propertiesUnknown: 'Bitte wählen Sie nur Immobilien dieses Arbeitsbereichs.',
} as const;

/** The properties a reader is limited to (ADR 0028); null or absent: the whole workspace. */
const propertyIds = z
  .array(z.uuid(WORKSPACE_MESSAGES.propertiesUnknown))
  .min(1, WORKSPACE_MESSAGES.propertiesEmpty)
  .max(500)
  .nullable()
  .optional()
  .describe('Only for „Nur lesen“: the properties the member sees; null or absent: all of the workspace');

/** A limit to chosen properties belongs to a reader only. */
const onlyReaderLimited = <T extends { role: Role; propertyIds?: string[] | null }>(v: T) =>
  !v.propertyIds || v.role === 'reader';
const onlyReaderIssue = { path: ['propertyIds'], message: WORKSPACE_MESSAGES.propertiesOnlyReader };

export const workspaceNameSchema = z.object({
  name: z.string().trim().min(1, WORKSPACE_MESSAGES.nameRequired).max(100, WORKSPACE_MESSAGES.nameTooLong),
});

export const workspaceJson = z.object({
  id: z.string(),
  name: z.string(),
  role: z.enum(ROLES),
  credits: z.number().int(),
  current: z.boolean().describe('The workspace the dashboard shows'),
  owners: z.number().int().describe('How many owners it has (deleting the last one’s account deletes it)'),
  members: z.number().int(),
});

export const inviteSchema = z
  .object({ email: emailSchema, role: z.enum(ROLES), propertyIds })
  .refine(onlyReaderLimited, onlyReaderIssue);

export const memberChangeSchema = z
  .object({ userId: z.string().max(200), role: z.enum(ROLES), propertyIds })
  .refine(onlyReaderLimited, onlyReaderIssue);

const limitJson = z.array(z.string()).nullable().describe('The properties a reader is limited to; null: all');

export const memberJson = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  propertyIds: limitJson,
  since: z.string(),
});

export const invitationJson = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  propertyIds: limitJson,
  expiresAt: z.string(),
});

export const membersJson = z.object({ members: z.array(memberJson), invitations: z.array(invitationJson) });

export const changeJson = z.object({
  id: z.number().int(),
  at: z.string(),
  userName: z.string(),
  action: z.string(),
  label: z.string().describe('What was done, in German, after the name'),
  subjectId: z.string().nullable(),
});
