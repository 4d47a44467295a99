import type { UseFormRegisterReturn } from 'react-hook-form';
import { Input } from './ui/Field';

export type SenderKey = 'name' | 'street' | 'city' | 'phone' | 'email' | 'signature';

/**
 * The landlord as sender of the letters: name and address in the address field, phone and e-mail
 * in the letterhead, the signature line under the closing. The settings' and each settlement's.
 */
export function SenderFields({
  field,
  error,
}: {
  field: (key: SenderKey) => UseFormRegisterReturn;
  error: (key: SenderKey) => string | undefined;
}) {
  return (
    <>
      <Input label="Name des Vermieters" autoComplete="name" error={error('name')} {...field('name')} />
      <Input
        label="Straße und Hausnummer"
        autoComplete="street-address"
        error={error('street')}
        {...field('street')}
      />
      <Input label="PLZ und Ort" error={error('city')} {...field('city')} />
      <Input
        label="Telefon im Briefkopf"
        type="tel"
        autoComplete="tel"
        error={error('phone')}
        {...field('phone')}
      />
      <Input
        label="E-Mail im Briefkopf"
        type="email"
        autoComplete="email"
        error={error('email')}
        {...field('email')}
      />
      <Input
        label="Unterschrift"
        hint="Der Name unter „Mit freundlichen Grüßen“; leer: der Name des Vermieters."
        error={error('signature')}
        {...field('signature')}
      />
    </>
  );
}
