import type { FastifyBaseLogger } from 'fastify';
import type { ContactInput } from '../../shared/schemas/contact';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';
import type { MailOutbox } from '../mail/outbox';
import { operatorContactMail } from './operator-mail';

export interface ReceiveDeps {
  db: Db;
  outbox: MailOutbox;
  /** Where the operator reads contact messages; without it the message is only stored. */
  operatorEmail: string | undefined;
  log: FastifyBaseLogger;
}

/**
 * Stores a contact message, then tells the operator by mail through the outbox. The stored row is the
 * record: a mail the server refuses is tried again later, and the sender gets a success either way.
 */
export async function receiveContactMessage(deps: ReceiveDeps, input: ContactInput): Promise<void> {
  const { name, email, message } = input;
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ name, email, message })
    .returning({ id: contactMessages.id });
  if (!deps.operatorEmail) return;
  const sent = await deps.outbox.deliver({
    kind: 'contact',
    userId: null,
    to: deps.operatorEmail,
    ...operatorContactMail(input),
  });
  if (!sent) deps.log.warn({ contactMessageId: row?.id }, 'contact message stored, operator mail waits');
}
