// The Anlage V's lines of a year: each with its line number and Kennzahl where the year's form is
// entered, its amount, and the sources it sums (bank lines, receipts, loans, the AfA) to the cent.

import { useQueryClient } from '@tanstack/react-query';
import { formatCents, formatDateDe } from '../../../shared/money';
import { shownLines } from '../../../shared/print-model/anlage-v-help';
import type { TaxYearJson } from '../../../shared/schemas/tax-year';
import {
  SPREAD_LINE_KEYS,
  SPREAD_YEARS,
  TAX_KIND_LABELS,
  TAX_KINDS,
  type TaxKind,
} from '../../../shared/vocabulary';
import { toast } from '../../components/ui/toast';
import { api, errorMessage } from '../../lib/api';
import { useCanEdit } from '../../lib/session';
import { taxYearsKey } from './api';

type Line = TaxYearJson['anlageV']['lines'][number];
type Source = Line['sources'][number];

const TOTALS = new Set(['incomeTotal', 'expensesTotal', 'surplus']);
const monthText = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/** "Zeile 15 · Kz 01", or nothing where the year's form is not entered. */
export function lineMark(line: Pick<Line, 'line' | 'kz'>): string {
  if (line.line === null) return '';
  return line.kz ? `Zeile ${line.line} · Kz ${line.kz}` : `Zeile ${line.line}`;
}

export function AnlageVLines({ propertyId, data }: { propertyId: string; data: TaxYearJson }) {
  const lines = shownLines(data.anlageV.lines);
  const firstExpense = lines.findIndex((l) => l.key === 'depreciation');
  return (
    <div className="flex flex-col gap-4">
      {[
        { title: 'Einnahmen', lines: lines.slice(0, firstExpense) },
        { title: 'Werbungskosten', lines: lines.slice(firstExpense) },
      ].map((group) => (
        <section key={group.title} aria-label={group.title}>
          <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">{group.title}</h3>
          <ul className="divide-y divide-slate-200">
            {group.lines.map((l) => (
              <li key={l.key} className="py-2">
                {TOTALS.has(l.key) ? (
                  <LineHead line={l} />
                ) : (
                  <details>
                    <summary className="cursor-pointer marker:text-teal-700">
                      <LineHead line={l} />
                    </summary>
                    <Sources propertyId={propertyId} line={l} />
                  </details>
                )}
              </li>
            ))}
          </ul>
        </section>
      ))}
    </div>
  );
}

function LineHead({ line }: { line: Line }) {
  const total = TOTALS.has(line.key);
  return (
    <span
      className={`inline-flex ${total ? 'w-full' : 'w-[calc(100%-1.5rem)]'} flex-wrap items-baseline justify-between gap-x-3 gap-y-1`}
    >
      <span className={total ? 'font-semibold text-slate-900' : 'text-slate-900'}>
        {line.line !== null && (
          <span className="mr-2 text-xs font-medium text-slate-600">{lineMark(line)}</span>
        )}
        {line.label}
        {!line.sure && line.cents !== 0 && (
          <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
            zu prüfen
          </span>
        )}
      </span>
      <span className="text-right">
        <span className="font-semibold tabular-nums text-slate-900">{formatCents(line.cents)}</span>
        {line.beforeOwnUseCents !== null && (
          <span className="block text-xs text-slate-600">
            vor Eigennutzung {formatCents(line.beforeOwnUseCents)}
          </span>
        )}
      </span>
    </span>
  );
}

function Sources({ propertyId, line }: { propertyId: string; line: Line }) {
  if (line.sources.length === 0) return <p className="mt-2 text-sm text-slate-600">Nichts in diesem Jahr.</p>;
  return (
    <ul aria-label={`Belege: ${line.label}`} className="mt-2 flex flex-col gap-1.5 text-sm text-slate-700">
      {line.sources.map((s) => (
        <li key={`${s.kind}-${s.id ?? ''}-${s.month ?? ''}`} className="flex flex-col gap-1">
          <span className="flex flex-wrap justify-between gap-2">
            <span>
              {[s.date ? formatDateDe(s.date) : null, s.party, s.month ? `für ${monthText(s.month)}` : null]
                .filter(Boolean)
                .join(' · ')}
              {s.note ? <span className="block text-xs text-slate-600">{s.note}</span> : null}
            </span>
            <span className="tabular-nums">{formatCents(s.cents)}</span>
          </span>
          {s.kind === 'receipt' && s.id && <TaxKindChoice propertyId={propertyId} source={s} line={line} />}
        </li>
      ))}
    </ul>
  );
}

const SPREAD_LINES = new Set<string>(SPREAD_LINE_KEYS);
const KIND_OF_LINE: Record<string, TaxKind | ''> = {
  passedOnCosts: 'passed-on',
  repairs: 'repairs',
  otherCosts: 'administration',
  ...Object.fromEntries([...SPREAD_LINES].map((k) => [k, 'repairs'])),
};

/** Which kind of cost a receipt is for the tax; changing it moves the receipt to that line. */
function TaxKindChoice({ propertyId, source, line }: { propertyId: string; source: Source; line: Line }) {
  const canEdit = useCanEdit();
  const queryClient = useQueryClient();
  const current = line.sure || line.key !== 'sundryCosts' ? (KIND_OF_LINE[line.key] ?? 'sundry') : '';
  // a spread part is a year's share of the payment: their ratio is the number of years
  const spreadYears =
    SPREAD_LINES.has(line.key) && source.paidCents && source.cents
      ? Math.round(source.paidCents / source.cents)
      : null;
  const save = async (body: { taxKind?: TaxKind; taxSpreadYears?: number | null }) => {
    try {
      await api(`/api/documents/${encodeURIComponent(source.id ?? '')}`, { method: 'PATCH', body });
      await queryClient.invalidateQueries({ queryKey: taxYearsKey(propertyId) });
      toast({ title: 'Beleg für das Steuerjahr gespeichert' });
    } catch (error) {
      toast({ title: 'Nicht gespeichert', description: errorMessage(error), variant: 'destructive' });
    }
  };
  return (
    <span className="flex flex-wrap items-center gap-3 text-xs text-slate-700">
      <label className="flex flex-wrap items-center gap-2">
        Art für die Steuer
        <select
          value={current}
          disabled={!canEdit}
          onChange={(event) => void save({ taxKind: event.target.value as TaxKind })}
          className="h-8 rounded-md border border-slate-300 bg-white px-2 text-xs"
        >
          {current === '' && <option value="">Bitte wählen</option>}
          {TAX_KINDS.map((k) => (
            <option key={k} value={k}>
              {TAX_KIND_LABELS[k]}
            </option>
          ))}
        </select>
      </label>
      {current === 'repairs' && (
        <label className="flex flex-wrap items-center gap-2">
          Abziehen
          <select
            value={spreadYears ?? ''}
            disabled={!canEdit}
            onChange={(event) =>
              void save({ taxSpreadYears: event.target.value === '' ? null : Number(event.target.value) })
            }
            className="h-8 rounded-md border border-slate-300 bg-white px-2 text-xs"
          >
            <option value="">sofort</option>
            {SPREAD_YEARS.map((n) => (
              <option key={n} value={n}>
                verteilt auf {n} Jahre (§ 82b EStDV)
              </option>
            ))}
          </select>
        </label>
      )}
    </span>
  );
}
