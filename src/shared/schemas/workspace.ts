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
} as const;

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

export const inviteSchema = z.object({
  email: emailSchema,
  role: z.enum(ROLES),
});

export const memberChangeSchema = z.object({ userId: z.string().max(200), role: z.enum(ROLES) });

export const memberJson = z.object({
  userId: z.string(),
  fullName: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
  since: z.string(),
});

export const invitationJson = z.object({
  id: z.string(),
  email: z.string(),
  role: z.enum(ROLES),
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
