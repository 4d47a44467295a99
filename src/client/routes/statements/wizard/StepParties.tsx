import { useFormContext, useWatch } from 'react-hook-form';
import { allocationKeyInfo, PROPERTY_TYPES } from '../../../../shared/catalog';
import { formatQuantity } from '../../../../shared/money';
import type { StatementFormInput } from '../../../../shared/schemas/statement-form';
import { statementWarnings } from '../../../../shared/statement';
import { Section } from '../../../components/Section';
import { Input, Select } from '../../../components/ui/Field';
import type { Property } from '../../properties/api';
import { liveFormData, todayIso } from './formValues';

const dirty = { shouldDirty: true, shouldValidate: false } as const;

/** Step 1: landlord, tenant, property and period (spec §2, §5 "Wizard step 1"). */
export function StepParties({ properties }: { properties: readonly Property[] }) {
  const { register, formState, setValue, getValues, control } = useFormContext<StatementFormInput>();
  const { errors } = formState;
  const selectedId = useWatch({ control, name: 'selectedPropertyId' });
  useWatch({ control, name: 'billingPeriod' }); // the period's warnings follow typing
  // a period over 12 months or a passed deadline, shown at the period's end
  const periodWarning = statementWarnings(liveFormData(getValues()), todayIso())
    .filter((w) => w.path === 'billingPeriod.end')
    .map((w) => w.message)
    .join(' ');

  // Spec §4: a saved property fills the address and type and copies its total area into every
  // area-key cost; the empty option clears only the selection.
  const selectProperty = (id: string) => {
    const property = properties.find((p) => p.id === id);
    if (!property) {
      setValue('selectedPropertyId', null, dirty);
      return;
    }
    setValue('selectedPropertyId', property.id, dirty);
    setValue('propertyAddress.street', property.street, dirty);
    setValue('propertyAddress.postalCode', property.postalCode, dirty);
    setValue('propertyAddress.city', property.city, dirty);
    setValue('propertyAddress.type', property.type, dirty);
    const area = formatQuantity(property.totalArea);
    getValues('costs').forEach((cost, index) => {
      if (allocationKeyInfo(cost.allocationKey).kind === 'area')
        setValue(`costs.${index}.totalArea`, area, dirty);
    });
  };

  return (
    <div className="flex flex-col gap-6">
      <Section title="Vermieter">
        <Input
          label="Name"
          required
          autoComplete="name"
          className="sm:col-span-2"
          error={errors.landlord?.name?.message}
          {...register('landlord.name')}
        />
        <Input
          label="Straße und Hausnummer"
          required
          autoComplete="street-address"
          error={errors.landlord?.street?.message}
          {...register('landlord.street')}
        />
        <Input
          label="PLZ und Ort"
          required
          placeholder="10115 Berlin"
          error={errors.landlord?.city?.message}
          {...register('landlord.city')}
        />
      </Section>

      <Section title="Mieter">
        <Input
          label="Name"
          required
          className="sm:col-span-2"
          error={errors.tenant?.name?.message}
          {...register('tenant.name')}
        />
        <Input
          label="Straße und Hausnummer"
          required
          error={errors.tenant?.street?.message}
          {...register('tenant.street')}
        />
        <Input
          label="PLZ und Ort"
          required
          placeholder="10115 Berlin"
          error={errors.tenant?.city?.message}
          {...register('tenant.city')}
        />
      </Section>

      <Section title="Immobilie und Abrechnungszeitraum">
        {properties.length > 0 && (
          <Select
            label="Gespeicherte Immobilie"
            hint="Übernimmt Adresse, Objektart und Gesamtfläche."
            className="sm:col-span-2"
            value={selectedId ?? ''}
            onChange={(event) => selectProperty(event.target.value)}
          >
            <option value="">Keine Immobilie ausgewählt</option>
            {properties.map((p) => (
              <option key={p.id} value={p.id}>
                {p.name} – {p.address}
              </option>
            ))}
          </Select>
        )}
        <Input
          label="Straße und Hausnummer der Immobilie"
          className="sm:col-span-2"
          error={errors.propertyAddress?.street?.message}
          {...register('propertyAddress.street')}
        />
        <Input
          label="PLZ"
          inputMode="numeric"
          error={errors.propertyAddress?.postalCode?.message}
          {...register('propertyAddress.postalCode')}
        />
        <Input
          label="Ort"
          error={errors.propertyAddress?.city?.message}
          {...register('propertyAddress.city')}
        />
        <Select
          label="Objektart"
          error={errors.propertyAddress?.type?.message}
          {...register('propertyAddress.type')}
        >
          <option value="">Keine Angabe</option>
          {PROPERTY_TYPES.map((t) => (
            <option key={t.key} value={t.key}>
              {t.label}
            </option>
          ))}
        </Select>
        <Input
          label="Lage / Etage"
          placeholder="z. B. 2. OG links"
          error={errors.propertyAddress?.floor?.message}
          {...register('propertyAddress.floor')}
        />
        <Input
          label="Wohnfläche des Mieters (m²)"
          inputMode="decimal"
          placeholder="z. B. 75,5"
          error={errors.propertyAddress?.area?.message}
          {...register('propertyAddress.area')}
        />
        <Input
          label="Nutzung"
          placeholder="z. B. Wohnung"
          error={errors.propertyAddress?.usage?.message}
          {...register('propertyAddress.usage')}
        />
        <Input
          label="Abrechnungszeitraum von"
          type="date"
          required
          error={errors.billingPeriod?.start?.message}
          {...register('billingPeriod.start')}
        />
        <Input
          label="Abrechnungszeitraum bis"
          type="date"
          required
          error={errors.billingPeriod?.end?.message}
          hint={periodWarning && <span className="text-amber-800">{periodWarning}</span>}
          {...register('billingPeriod.end')}
        />
      </Section>
    </div>
  );
}
