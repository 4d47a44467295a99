import type { FastifyBaseLogger } from 'fastify';
import type { ContactInput } from '../../shared/schemas/contact';
import type { Db } from '../db/client';
import { contactMessages } from '../db/schema';
import type { Mailer } from '../mail/mailer';
import { operatorContactMail } from './operator-mail';

export interface ReceiveDeps {
  db: Db;
  mailer: Mailer;
  /** Where the operator reads contact messages; without it the message is only stored. */
  operatorEmail: string | undefined;
  log: FastifyBaseLogger;
}

/**
 * Stores a contact message, then tells the operator by mail. The stored row is the record: a mail
 * that fails is logged, and the sender still gets a success, because the message is not lost.
 */
export async function receiveContactMessage(deps: ReceiveDeps, input: ContactInput): Promise<void> {
  const { name, email, message } = input;
  const [row] = await deps.db
    .insert(contactMessages)
    .values({ name, email, message })
    .returning({ id: contactMessages.id });
  if (!deps.operatorEmail) return;
  try {
    await deps.mailer.send({ to: deps.operatorEmail, ...operatorContactMail(input) });
  } catch (error) {
    deps.log.error({ err: error, contactMessageId: row?.id }, 'contact message stored, operator mail failed');
  }
}
