import { type UseQueryResult, useQuery, useQueryClient } from '@tanstack/react-query';
import { ChevronLeft, ClipboardList, FilePlus2, Pencil, Plus, Table } from 'lucide-react';
import { type ReactNode, useEffect, useMemo, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { propertyTypeLabel } from '../../../shared/catalog';
import { isoDateInBerlin } from '../../../shared/dates';
import { formatQuantity, quantityToMilli } from '../../../shared/money';
import type { TenancyJson, UnitJson } from '../../../shared/schemas/settlement-json';
import { ChangeLog } from '../../components/ChangeLog';
import { ForEditors } from '../../components/ForEditors';
import { Button, buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { PageSpinner } from '../../components/ui/Spinner';
import { toast } from '../../components/ui/toast';
import { useConfirmedDelete } from '../../components/useConfirmedDelete';
import { useDocumentTitle } from '../../components/useDocumentTitle';
import { ApiError } from '../../lib/api';
import {
  arrearsQuery,
  deleteTenancy,
  deleteUnit,
  settlementsKey,
  tenanciesKey,
  tenanciesQuery,
  unitsKey,
  unitsQuery,
} from '../buildings/api';
import { CostGroupsCard } from '../buildings/CostGroupsCard';
import { DepositDialog } from '../buildings/DepositDialog';
import { tenancyPeriod } from '../buildings/format';
import { MetersCard } from '../buildings/MetersCard';
import { RentAccountDialog } from '../buildings/RentAccountDialog';
import { TenancyDialog, type TenancyTarget } from '../buildings/TenancyDialog';
import { TenantTableDialog, type TenantTableTarget } from '../buildings/TenantTableDialog';
import { nextTenancyStart } from '../buildings/tenancyForm';
import { unitTimelines } from '../buildings/timeline';
import { UnitCard } from '../buildings/UnitCard';
import { UnitDialog, type UnitTarget } from '../buildings/UnitDialog';
import { UnitTableDialog, type UnitTableTarget } from '../buildings/UnitTableDialog';
import { TimelineLegend, UnitTimelineBar } from '../buildings/UnitTimelineBar';
import { TaxYearCard } from '../tax-year/TaxYearCard';
import { propertyQuery } from './api';
import { newSettlementPath, PropertySettlements } from './PropertySettlements';

const LIST = '/dashboard/immobilien';

function unitsSummary(units: readonly UnitJson[]): string {
  const milli = units.reduce((sum, u) => sum + Number(quantityToMilli(u.area)), 0);
  const count = units.length === 1 ? '1 Einheit' : `${units.length} Einheiten`;
  return `${count} · ${formatQuantity(milli / 1000)} m² Wohnfläche`;
}

/** /dashboard/immobilien/:id: the property with its units and their tenancies. */
export function PropertyPage() {
  const { id = '' } = useParams();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const property = useQuery(propertyQuery(id));
  const units = useQuery(unitsQuery(id));
  const tenancies = useQuery(tenanciesQuery(id));
  const arrears = useQuery(arrearsQuery(id));
  const arrearsByTenancy = useMemo(
    () => new Map((arrears.data?.tenancies ?? []).map((a) => [a.tenancyId, a])),
    [arrears.data],
  );
  useDocumentTitle(property.data?.name ?? 'Immobilie');
  const [unitTarget, setUnitTarget] = useState<UnitTarget | null>(null);
  const [tenancyTarget, setTenancyTarget] = useState<TenancyTarget | null>(null);
  const [tableFor, setTableFor] = useState<UnitTableTarget | null>(null);
  const [tenantTableFor, setTenantTableFor] = useState<TenantTableTarget | null>(null);
  const [rentAccountOf, setAccountOf] = useState<TenancyJson | null>(null);
  const [depositOf, setDepositOf] = useState<TenancyJson | null>(null);
  const today = isoDateInBerlin(new Date());
  const timelines = useMemo(
    () => unitTimelines(units.data ?? [], tenancies.data ?? [], today),
    [units.data, tenancies.data, today],
  );
  const names = useMemo(
    () => new Map((tenancies.data ?? []).map((t) => [t.id, t.tenant.name])),
    [tenancies.data],
  );

  useEffect(() => {
    if (!property.error) return;
    toast({
      title: 'Immobilie nicht gefunden',
      description:
        property.error instanceof ApiError && property.error.status !== 404
          ? property.error.message
          : undefined,
      variant: 'destructive',
    });
    void navigate(LIST, { replace: true });
  }, [property.error, navigate]);

  const removeUnit = useConfirmedDelete({
    remove: (u: UnitJson) => deleteUnit(u.id),
    question: (u) => `Die Einheit „${u.label}“ wird gelöscht.`,
    afterwards: async () => {
      await queryClient.invalidateQueries({ queryKey: unitsKey(id) });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
    },
    done: (u) => ({ title: 'Einheit gelöscht', description: `„${u.label}“ wurde entfernt.` }),
    failed: 'Einheit nicht gelöscht',
  });

  const removeTenancy = useConfirmedDelete({
    remove: (t: TenancyJson) => deleteTenancy(t.id),
    question: (t) =>
      `Das Mietverhältnis „${t.tenant.name}“ (${tenancyPeriod(t, today)}) wird gelöscht. Entwürfe von Hausabrechnungen rechnen danach ohne es.`,
    afterwards: async () => {
      await queryClient.invalidateQueries({ queryKey: tenanciesKey(id) });
      void queryClient.invalidateQueries({ queryKey: settlementsKey });
    },
    done: (t) => ({ title: 'Mietverhältnis gelöscht', description: `„${t.tenant.name}“ wurde entfernt.` }),
    failed: 'Mietverhältnis nicht gelöscht',
  });

  if (!property.data) return <PageSpinner label="Immobilie wird geladen …" />;
  const p = property.data;

  return (
    <div className="flex w-full max-w-6xl flex-col gap-6">
      <Link
        to={LIST}
        className="inline-flex items-center gap-1 self-start text-sm font-medium text-teal-800 hover:underline"
      >
        <ChevronLeft aria-hidden="true" className="size-4" />
        Alle Immobilien
      </Link>
      <header className="flex flex-wrap items-start justify-between gap-4">
        <div className="min-w-0">
          <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 sm:text-3xl">
            {p.name}
          </h1>
          <p className="mt-1 text-slate-700">
            {p.address} · {propertyTypeLabel(p.type)}
          </p>
        </div>
        <ForEditors>
          <div className="flex flex-wrap gap-2">
            <Link
              to={`/dashboard/immobilien/bearbeiten/${encodeURIComponent(p.id)}`}
              className={buttonClasses({ variant: 'secondary' })}
            >
              <Pencil aria-hidden="true" className="size-4" />
              Bearbeiten
            </Link>
            <Link to={newSettlementPath(p.id)} className={buttonClasses()}>
              <FilePlus2 aria-hidden="true" className="size-4" />
              Hausabrechnung erstellen
            </Link>
          </div>
        </ForEditors>
      </header>

      <section aria-labelledby="units-heading" className="flex flex-col gap-4">
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div>
            <h2 id="units-heading" className="text-lg font-semibold text-slate-900">
              Einheiten
            </h2>
            {units.data && units.data.length > 0 && (
              <>
                <p className="text-sm text-slate-700">{unitsSummary(units.data)}</p>
                <TimelineLegend />
              </>
            )}
          </div>
          <ForEditors>
            <div className="flex flex-wrap gap-2">
              <Button
                variant="secondary"
                onClick={() =>
                  setTableFor({ propertyId: p.id, rows: p.unitCount - (units.data?.length ?? 0) })
                }
              >
                <Table aria-hidden="true" className="size-4" />
                Einheiten als Tabelle erfassen
              </Button>
              <Button variant="secondary" onClick={() => setUnitTarget({ propertyId: p.id })}>
                <Plus aria-hidden="true" className="size-4" />
                Einheit hinzufügen
              </Button>
              {units.data && units.data.length > 0 && (
                <Button
                  variant="secondary"
                  onClick={() => {
                    const taken = new Set((tenancies.data ?? []).map((t) => t.unitId));
                    const all = units.data ?? [];
                    setTenantTableFor({
                      propertyId: p.id,
                      units: all,
                      free: all.filter((u) => !taken.has(u.id)).map((u) => u.label),
                    });
                  }}
                >
                  <ClipboardList aria-hidden="true" className="size-4" />
                  Mieter als Tabelle erfassen
                </Button>
              )}
            </div>
          </ForEditors>
        </div>
        <UnitList
          units={units}
          tenancies={tenancies}
          onAdd={() => setUnitTarget({ propertyId: p.id })}
          render={(u, own) => (
            <UnitCard
              key={u.id}
              unit={u}
              tenancies={own}
              today={today}
              timeline={<UnitTimelineBar unitId={u.id} timelines={timelines} names={names} />}
              busy={removeUnit.isPending || removeTenancy.isPending}
              onEdit={() => setUnitTarget({ propertyId: p.id, unit: u })}
              onDelete={() => void removeUnit.ask(u)}
              onAddTenancy={() =>
                setTenancyTarget({ propertyId: p.id, unit: u, start: nextTenancyStart(own) })
              }
              onEditTenancy={(t) => setTenancyTarget({ propertyId: p.id, unit: u, tenancy: t })}
              onDeleteTenancy={(t) => void removeTenancy.ask(t)}
              arrears={arrearsByTenancy}
              onShowAccount={setAccountOf}
              onShowDeposit={setDepositOf}
            />
          )}
        />
      </section>

      {units.data && units.data.length > 0 && (
        <>
          <CostGroupsCard propertyId={p.id} units={units.data} />
          <MetersCard propertyId={p.id} units={units.data} />
        </>
      )}

      <Card
        title="Hausabrechnungen"
        description="Eine Abrechnung für das ganze Haus: jede Partei erhält ihren Anteil, taggenau."
      >
        <PropertySettlements propertyId={p.id} />
      </Card>
      <TaxYearCard propertyId={p.id} today={today} />
      <ChangeLog propertyId={p.id} />

      <UnitDialog target={unitTarget} onClose={() => setUnitTarget(null)} />
      <UnitTableDialog target={tableFor} onClose={() => setTableFor(null)} />
      <TenantTableDialog target={tenantTableFor} onClose={() => setTenantTableFor(null)} />
      <RentAccountDialog
        tenancy={rentAccountOf}
        covered={arrears.data?.from ? { from: arrears.data.from, to: arrears.data.to } : null}
        onClose={() => setAccountOf(null)}
      />
      <TenancyDialog target={tenancyTarget} onClose={() => setTenancyTarget(null)} />
      <DepositDialog tenancy={depositOf} onClose={() => setDepositOf(null)} />
    </div>
  );
}

function UnitList(props: {
  units: UseQueryResult<UnitJson[]>;
  tenancies: UseQueryResult<TenancyJson[]>;
  onAdd: () => void;
  render: (unit: UnitJson, tenancies: TenancyJson[]) => ReactNode;
}) {
  const { units, tenancies } = props;
  if (units.isPending || tenancies.isPending) return <PageSpinner label="Einheiten werden geladen …" />;
  if (units.isError || tenancies.isError) {
    return (
      <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-4 text-red-800">
        Die Einheiten konnten nicht geladen werden. Bitte laden Sie die Seite neu.
      </p>
    );
  }
  if (units.data.length === 0) {
    return (
      <div className="flex flex-col items-center gap-3 rounded-lg border border-dashed border-slate-300 bg-white p-8 text-center">
        <p className="text-slate-700">
          Noch keine Einheiten. Legen Sie jede Wohnung mit ihrer Wohnfläche an – daraus rechnet die
          Hausabrechnung die Anteile.
        </p>
        <Button variant="secondary" onClick={props.onAdd}>
          <Plus aria-hidden="true" className="size-4" />
          Erste Einheit anlegen
        </Button>
      </div>
    );
  }
  return (
    <ul className="grid gap-4 xl:grid-cols-2">
      {units.data.map((u) =>
        props.render(
          u,
          tenancies.data.filter((t) => t.unitId === u.id),
        ),
      )}
    </ul>
  );
}
