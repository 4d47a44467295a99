// The sender of a settlement's letters: its letter's landlord, or an empty one.

import type { LetterBody } from '../schemas/settlement';
import type { SettlementEntries } from './records';

export type Sender = LetterBody['landlord'];

export function letterSender(entries: Pick<SettlementEntries, 'letter'>): Sender {
  return { name: '', street: '', city: '', phone: '', email: '', signature: '', ...entries.letter?.landlord };
}

/** The name under the signature line: the signature line kept in the settings, else the name. */
export const signatureName = (sender: Sender) => sender.signature || sender.name;
