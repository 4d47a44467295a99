import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useParams } from 'react-router';
import { DEFAULT_PROPERTY_TYPE, PROPERTY_TYPES } from '../../../shared/catalog';
import { formatQuantity } from '../../../shared/money';
import {
  type PropertyFormValues,
  type PropertyInput,
  propertyInputSchema,
} from '../../../shared/schemas/property';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Input, Select, Textarea } from '../../components/ui/Field';
import { PageSpinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ApiError } from '../../lib/api';
import { applyFieldErrors } from '../../lib/formErrors';
import { type Property, propertiesKey, propertyQuery, saveProperty } from './api';

const LIST = '/dashboard/immobilien';

const EMPTY: PropertyFormValues = {
  name: '',
  type: DEFAULT_PROPERTY_TYPE,
  street: '',
  postalCode: '',
  city: '',
  yearBuilt: '',
  totalArea: '',
  unitCount: '',
  notes: '',
};

function toValues(p: Property): PropertyFormValues {
  return {
    name: p.name,
    type: p.type,
    street: p.street,
    postalCode: p.postalCode,
    city: p.city,
    yearBuilt: String(p.yearBuilt),
    totalArea: formatQuantity(p.totalArea),
    unitCount: String(p.unitCount),
    notes: p.notes,
  };
}

/** /dashboard/immobilien/neu and /dashboard/immobilien/bearbeiten/:id (spec §2 "Property form", §5). */
export function PropertyFormPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  useDocumentTitle(id ? 'Immobilie bearbeiten' : 'Neue Immobilie');
  const existing = useQuery({ ...propertyQuery(id ?? ''), enabled: id !== undefined });

  const form = useForm<PropertyFormValues, unknown, PropertyInput>({
    resolver: zodResolver(propertyInputSchema),
    defaultValues: EMPTY,
  });
  const { register, handleSubmit, reset, formState } = form;
  const { errors, isSubmitting } = formState;

  useEffect(() => {
    if (existing.data) reset(toValues(existing.data));
  }, [existing.data, reset]);

  useEffect(() => {
    if (!existing.error) return;
    toast({
      title: 'Immobilie nicht gefunden',
      description:
        existing.error instanceof ApiError && existing.error.status !== 404
          ? existing.error.message
          : undefined,
      variant: 'destructive',
    });
    void navigate(LIST, { replace: true });
  }, [existing.error, navigate]);

  const onSubmit = handleSubmit(async (values) => {
    try {
      const saved = await saveProperty(id, values);
      await queryClient.invalidateQueries({ queryKey: propertiesKey });
      toast(
        id
          ? { title: 'Erfolgreich aktualisiert', description: 'Die Immobiliendaten wurden gespeichert.' }
          : { title: 'Erfolgreich erstellt', description: 'Die neue Immobilie wurde hinzugefügt.' },
      );
      // a new house goes on with its units and tenancies on its own page
      await navigate(id ? LIST : `${LIST}/${encodeURIComponent(saved.id)}`);
    } catch (error) {
      applyFieldErrors(form, error);
      toast({
        title: 'Fehler',
        description: error instanceof ApiError ? error.message : 'Aktion konnte nicht ausgeführt werden.',
        variant: 'destructive',
      });
    }
  });

  if (id && !existing.data) return <PageSpinner label="Immobilie wird geladen …" />;

  return (
    <div className="flex w-full max-w-3xl flex-col gap-6">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
        {id ? 'Immobilie bearbeiten' : 'Neue Immobilie'}
      </h1>
      <form
        noValidate
        onSubmit={onSubmit}
        className="grid gap-4 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-6 sm:p-6"
      >
        <Input
          label="Name"
          required
          className="sm:col-span-4"
          error={errors.name?.message}
          {...register('name')}
        />
        <Select label="Typ" className="sm:col-span-2" error={errors.type?.message} {...register('type')}>
          {PROPERTY_TYPES.map((t) => (
            <option key={t.key} value={t.key}>
              {t.label}
            </option>
          ))}
        </Select>
        <Input
          label="Straße und Hausnummer"
          required
          autoComplete="street-address"
          className="sm:col-span-6"
          error={errors.street?.message}
          {...register('street')}
        />
        <Input
          label="PLZ"
          inputMode="numeric"
          autoComplete="postal-code"
          className="sm:col-span-2"
          error={errors.postalCode?.message}
          {...register('postalCode')}
        />
        <Input
          label="Ort"
          required
          className="sm:col-span-4"
          error={errors.city?.message}
          {...register('city')}
        />
        <Input
          label="Baujahr"
          required
          inputMode="numeric"
          className="sm:col-span-2"
          error={errors.yearBuilt?.message}
          {...register('yearBuilt')}
        />
        <Input
          label="Gesamtfläche (m²)"
          required
          inputMode="decimal"
          className="sm:col-span-2"
          error={errors.totalArea?.message}
          {...register('totalArea')}
        />
        <Input
          label="Anzahl Einheiten"
          required
          inputMode="numeric"
          className="sm:col-span-2"
          error={errors.unitCount?.message}
          {...register('unitCount')}
        />
        <Textarea
          label="Beschreibung"
          className="sm:col-span-6"
          error={errors.notes?.message}
          {...register('notes')}
        />
        <div className="flex flex-wrap justify-end gap-3 sm:col-span-6">
          <Link to={LIST} className={buttonClasses({ variant: 'secondary' })}>
            Abbrechen
          </Link>
          <Button type="submit" loading={isSubmitting}>
            Speichern
          </Button>
        </div>
      </form>
    </div>
  );
}
