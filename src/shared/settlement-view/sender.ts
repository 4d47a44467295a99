// The sender of a settlement's letters: its letter's landlord, or an empty one.

import { formatIban } from '../iban';
import type { ShortLetterView } from '../print-model/short-letter';
import type { LetterBody } from '../schemas/settlement';
import type { SettlementEntries } from './records';

export type Sender = LetterBody['landlord'];

export function letterSender(entries: Pick<SettlementEntries, 'letter'>): Sender {
  return { name: '', street: '', city: '', phone: '', email: '', signature: '', ...entries.letter?.landlord };
}

/** The name under the signature line: the signature line kept in the settings, else the name. */
export const signatureName = (sender: Sender) => sender.signature || sender.name;

/** Sender, addressee, bank details and signature of a short letter from the landlord's kept letter data. */
export function shortLetterParties(
  letter: LetterBody | null | undefined,
  tenant: { name: string; street: string; city: string },
): Pick<ShortLetterView, 'landlord' | 'senderLine' | 'tenant' | 'bankDetails' | 'signatureName'> {
  const landlord = letterSender({ letter: letter ?? undefined });
  const bank = letter?.bank ?? null;
  return {
    landlord,
    senderLine: [landlord.name, landlord.street, landlord.city].filter((p) => p !== '').join(' · '),
    tenant: { name: tenant.name, lines: [tenant.name, tenant.street, tenant.city].filter((l) => l !== '') },
    bankDetails:
      bank && bank.iban !== ''
        ? {
            bank: bank.bank,
            iban: formatIban(bank.iban),
            bic: bank.bic,
            holder: bank.holder || landlord.name,
          }
        : null,
    signatureName: signatureName(landlord),
  };
}
