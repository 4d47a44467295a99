import { CalendarDays, type LucideIcon, Pencil, Plus, Trash2, Users, Wallet } from 'lucide-react';
import { type ReactNode, useId } from 'react';
import { formatCents } from '../../../shared/money';
import type { TenancyJson, UnitJson } from '../../../shared/schemas/settlement-json';
import { ForEditors } from '../../components/ForEditors';
import { Badge } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { changeLabel, personsLabel, prepaymentLabel, tenancyPeriod, unitFacts } from './format';

interface UnitCardProps {
  unit: UnitJson;
  /** The unit's tenancies by start. */
  tenancies: readonly TenancyJson[];
  today: string;
  /** The unit's occupancy bar. */
  timeline: ReactNode;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
  onAddTenancy: () => void;
  onEditTenancy: (t: TenancyJson) => void;
  onDeleteTenancy: (t: TenancyJson) => void;
  /** Open rent and prepayments per tenancy according to the bank files. */
  arrears: ReadonlyMap<string, { openCents: number; openMonths: number }>;
  onShowAccount: (t: TenancyJson) => void;
  onShowDeposit: (t: TenancyJson) => void;
}

/** One unit with its facts, its tenancies and their actions; a card at every width. */
export function UnitCard(props: UnitCardProps) {
  const { unit, tenancies, today } = props;
  const titleId = useId();
  return (
    <li aria-labelledby={titleId} className="rounded-lg border border-slate-200 bg-white shadow-sm">
      <div className="flex items-start justify-between gap-3 border-b border-slate-200 p-4 sm:px-5">
        <div className="min-w-0">
          <h3 id={titleId} className="text-base font-semibold break-words text-slate-900">
            {unit.label}
          </h3>
          <p className="mt-0.5 text-sm text-slate-700">{unitFacts(unit)}</p>
          {unit.note && (
            <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-600">{unit.note}</p>
          )}
        </div>
        <ForEditors>
          <div className="flex shrink-0 gap-1">
            <Button
              variant="ghost"
              size="icon"
              aria-label={`Einheit „${unit.label}“ bearbeiten`}
              title="Bearbeiten"
              onClick={props.onEdit}
            >
              <Pencil aria-hidden="true" className="size-4" />
            </Button>
            <Button
              variant="ghost"
              size="icon"
              className="text-red-700 hover:bg-red-50"
              aria-label={`Einheit „${unit.label}“ löschen`}
              title="Löschen"
              disabled={props.busy}
              onClick={props.onDelete}
            >
              <Trash2 aria-hidden="true" className="size-4" />
            </Button>
          </div>
        </ForEditors>
      </div>

      <div className="flex flex-col gap-3 p-4 sm:px-5">
        {props.timeline}
        <h4 className="text-sm font-semibold text-slate-800">Mietverhältnisse</h4>
        {tenancies.length === 0 ? (
          <p className="text-sm text-slate-600">
            Noch keine Mietverhältnisse – die Einheit gilt als leerstehend.
          </p>
        ) : (
          <ul className="flex flex-col divide-y divide-slate-200 rounded-md border border-slate-200">
            {tenancies.map((t) => (
              <TenancyItem
                key={t.id}
                tenancy={t}
                today={today}
                arrears={props.arrears.get(t.id)}
                onShowAccount={() => props.onShowAccount(t)}
                onShowDeposit={() => props.onShowDeposit(t)}
                busy={props.busy}
                onEdit={() => props.onEditTenancy(t)}
                onDelete={() => props.onDeleteTenancy(t)}
              />
            ))}
          </ul>
        )}
        <ForEditors>
          <Button variant="secondary" size="sm" className="self-start" onClick={props.onAddTenancy}>
            <Plus aria-hidden="true" className="size-4" />
            Mietverhältnis hinzufügen
            <span className="sr-only"> zu „{unit.label}“</span>
          </Button>
        </ForEditors>
      </div>
    </li>
  );
}

function TenancyItem(props: {
  tenancy: TenancyJson;
  today: string;
  arrears: { openCents: number; openMonths: number } | undefined;
  onShowAccount: () => void;
  onShowDeposit: () => void;
  busy: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { tenancy: t, today } = props;
  const ownUse = t.kind === 'own-use';
  const nameId = useId();
  return (
    <li aria-labelledby={nameId} className="flex items-start justify-between gap-3 px-3 py-2.5">
      <div className="min-w-0">
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1">
          <span id={nameId} className="font-medium break-words text-slate-900">
            {t.tenant.name}
          </span>
          {ownUse && <Badge tone="blue">Eigennutzung</Badge>}
          {t.flatRate && <Badge tone="blue">Pauschale</Badge>}
        </p>
        <ul className="mt-1 flex flex-wrap gap-x-4 gap-y-0.5 text-sm text-slate-700">
          <Fact icon={CalendarDays}>{tenancyPeriod(t, today)}</Fact>
          <Fact icon={Users}>{personsLabel(t.persons)}</Fact>
          {!ownUse && !t.flatRate && <Fact icon={Wallet}>{prepaymentLabel(t.monthlyPrepaymentCents)}</Fact>}
        </ul>
        {props.arrears && (
          <p className="mt-1 flex flex-wrap items-center gap-x-3 text-sm">
            {props.arrears.openCents > 0 ? (
              <span className="font-medium text-red-800">
                Laut Kontoauszug offen: {formatCents(props.arrears.openCents)} (
                {props.arrears.openMonths === 1 ? '1 Monat' : `${props.arrears.openMonths} Monate`})
              </span>
            ) : (
              <span className="text-slate-700">Mietkonto ausgeglichen</span>
            )}
            <button
              type="button"
              className="font-medium text-teal-800 underline"
              onClick={props.onShowAccount}
            >
              Mietkonto<span className="sr-only"> von {t.tenant.name}</span> ansehen
            </button>
          </p>
        )}
        {!ownUse && (
          <p className="mt-1 text-sm">
            <button
              type="button"
              className="font-medium text-teal-800 underline"
              onClick={props.onShowDeposit}
            >
              Kaution<span className="sr-only"> von {t.tenant.name}</span>
            </button>
          </p>
        )}
        {t.changes.length > 0 && (
          <ul className="mt-1 text-sm text-slate-600">
            {t.changes.map((c) => (
              <li key={c.from}>{changeLabel(c, ownUse)}</li>
            ))}
          </ul>
        )}
      </div>
      <ForEditors>
        <div className="flex shrink-0 gap-1">
          <Button
            variant="ghost"
            size="icon"
            aria-label={`Mietverhältnis „${t.tenant.name}“ bearbeiten`}
            title="Bearbeiten"
            onClick={props.onEdit}
          >
            <Pencil aria-hidden="true" className="size-4" />
          </Button>
          <Button
            variant="ghost"
            size="icon"
            className="text-red-700 hover:bg-red-50"
            aria-label={`Mietverhältnis „${t.tenant.name}“ löschen`}
            title="Löschen"
            disabled={props.busy}
            onClick={props.onDelete}
          >
            <Trash2 aria-hidden="true" className="size-4" />
          </Button>
        </div>
      </ForEditors>
    </li>
  );
}

function Fact({ icon: Icon, children }: { icon: LucideIcon; children: ReactNode }) {
  return (
    <li className="inline-flex items-center gap-1.5 whitespace-nowrap">
      <Icon aria-hidden="true" className="size-3.5 shrink-0 text-slate-500" />
      {children}
    </li>
  );
}
