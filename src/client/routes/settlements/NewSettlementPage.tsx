import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ArrowLeft, ArrowRight } from 'lucide-react';
import { type FormEvent, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isoDateInBerlin } from '../../../shared/dates';
import { defaultSettlementPeriod, settlementInputSchema } from '../../../shared/schemas/settlement';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Input, Select } from '../../components/ui/Field';
import { PageSpinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ApiError, errorMessage } from '../../lib/api';
import { propertiesQuery } from '../properties/api';
import { createSettlement, settlementPage, settlementQuery, settlementsKey, settlementsQuery } from './api';
import { periodText, replacedIds } from './SettlementBadges';

type Field = 'propertyId' | 'periodStart' | 'periodEnd';

/** /dashboard/hausabrechnungen/neu?property={id}: the property and the period, then the editor. */
export function NewSettlementPage() {
  useDocumentTitle('Neue Hausabrechnung');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const properties = useQuery(propertiesQuery);
  const settlements = useQuery(settlementsQuery);
  const [propertyId, setPropertyId] = useState(params.get('property') ?? '');
  const [period, setPeriod] = useState(() => defaultSettlementPeriod(isoDateInBerlin(new Date())));
  const [errors, setErrors] = useState<Partial<Record<Field, string>>>({});
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const found: Partial<Record<Field, string>> = {};
    if (!propertyId) found.propertyId = 'Bitte wählen Sie eine Immobilie.';
    const parsed = settlementInputSchema.safeParse({ ...period, costs: [] });
    for (const issue of parsed.error?.issues ?? []) {
      const field = issue.path[0];
      if (field === 'periodStart' || field === 'periodEnd') found[field] ??= issue.message;
    }
    setErrors(found);
    if (Object.keys(found).length > 0 || !parsed.success) return;
    setBusy(true);
    try {
      const created = await createSettlement(propertyId, parsed.data);
      queryClient.setQueryData(settlementQuery(created.id).queryKey, created);
      void queryClient.invalidateQueries({ queryKey: settlementsKey, exact: true });
      await navigate(settlementPage(created.id), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.fields) {
        setErrors({ periodStart: error.fields.periodStart, periodEnd: error.fields.periodEnd });
      }
      toast({
        title: 'Hausabrechnung nicht angelegt',
        description: errorMessage(error),
        variant: 'destructive',
      });
      setBusy(false);
    }
  };

  if (properties.isPending) return <PageSpinner label="Immobilien werden geladen …" />;
  const list = properties.data ?? [];
  // a settlement of the same house over the same days already exists: say so before a second one
  const replaced = replacedIds(settlements.data ?? []);
  const existing = (settlements.data ?? []).filter(
    (s) =>
      s.propertyId === propertyId &&
      !replaced.has(s.id) &&
      s.periodStart <= period.periodEnd &&
      s.periodEnd >= period.periodStart,
  );

  return (
    <div className="flex w-full max-w-3xl flex-col gap-6">
      <div className="flex flex-col gap-3">
        <Link
          to="/dashboard/abrechnungen"
          className="inline-flex items-center gap-1 self-start text-sm font-medium text-teal-800 hover:underline"
        >
          <ArrowLeft aria-hidden="true" className="size-4" />
          Zurück zu den Abrechnungen
        </Link>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Neue Hausabrechnung</h1>
        <p className="text-slate-700">
          Die Kosten des ganzen Hauses einmal erfassen – Umlage verteilt sie tagesgenau auf alle Mieter des
          Zeitraums.
        </p>
      </div>
      {list.length === 0 ? (
        <Card>
          <p className="text-slate-700">Legen Sie zuerst eine Immobilie mit ihren Einheiten an.</p>
          <Link to="/dashboard/immobilien/neu" className={buttonClasses({ className: 'mt-4' })}>
            Immobilie anlegen
          </Link>
        </Card>
      ) : (
        <form onSubmit={(event) => void submit(event)} noValidate>
          <Card>
            <div className="grid gap-4 sm:grid-cols-2">
              <Select
                className="sm:col-span-2"
                label="Immobilie"
                required
                value={propertyId}
                error={errors.propertyId}
                onChange={(event) => setPropertyId(event.target.value)}
              >
                <option value="">Bitte wählen</option>
                {list.map((p) => (
                  <option key={p.id} value={p.id}>
                    {p.name} – {p.address}
                  </option>
                ))}
              </Select>
              <Input
                type="date"
                label="Abrechnungszeitraum von"
                required
                value={period.periodStart}
                error={errors.periodStart}
                onChange={(event) => setPeriod({ ...period, periodStart: event.target.value })}
              />
              <Input
                type="date"
                label="Abrechnungszeitraum bis"
                required
                value={period.periodEnd}
                error={errors.periodEnd}
                onChange={(event) => setPeriod({ ...period, periodEnd: event.target.value })}
              />
            </div>
            {existing.map((s) => (
              <div
                key={s.id}
                role="status"
                className="mt-4 rounded-md bg-amber-50 p-3 text-sm text-amber-900"
              >
                {s.status === 'final' ? (
                  <p>
                    Für {periodText(s)} gibt es schon eine finale Hausabrechnung dieses Hauses. Änderungen
                    legen Sie dort als Korrektur an: für dieselben Mieter ohne neue Credits.
                  </p>
                ) : (
                  <p>Für {periodText(s)} gibt es schon einen Entwurf dieses Hauses.</p>
                )}
                <Link to={settlementPage(s.id)} className="mt-1 inline-block font-medium underline">
                  {s.status === 'final' ? 'Zur finalen Hausabrechnung' : 'Entwurf öffnen'}
                </Link>
              </div>
            ))}
            <p className="mt-4 text-sm text-slate-600">
              Einheiten und Mietverhältnisse pflegen Sie auf der Seite der Immobilie; der Entwurf rechnet
              stets mit dem aktuellen Stand.
            </p>
            <Button type="submit" className="mt-6" loading={busy}>
              Weiter zur Abrechnung
              <ArrowRight aria-hidden="true" className="size-4" />
            </Button>
          </Card>
        </form>
      )}
    </div>
  );
}
