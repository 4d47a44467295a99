import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatCents, formatDateDe } from '../../../shared/money';
import type { TaxYearJson } from '../../../shared/schemas/tax-year';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { api, errorMessage } from '../../lib/api';

const taxYearQuery = (propertyId: string, year: number) => ({
  queryKey: ['properties', propertyId, 'tax-years', year] as const,
  queryFn: ({ signal }: { signal: AbortSignal }) =>
    api<TaxYearJson>(`/api/properties/${encodeURIComponent(propertyId)}/tax-years/${year}`, { signal }),
});

const monthText = (month: string) => `${month.slice(5, 7)}/${month.slice(0, 4)}`;

/**
 * The income of a tax year for the Anlage V, from the bank files: each figure opens the bank lines it
 * sums; a figure whose kind is a guess says so. Shows the last calendar year first.
 */
export function TaxYearCard({ propertyId, today }: { propertyId: string; today: string }) {
  const lastYear = Number(today.slice(0, 4)) - 1;
  const [year, setYear] = useState(lastYear);
  const selectId = useId();
  const answer = useQuery(taxYearQuery(propertyId, year));
  return (
    <Card
      title="Steuerjahr: Einnahmen für die Anlage V"
      description="Aus den Kontoauszügen, nach Zufluss (§ 11 EStG); jede Zahl öffnet die Buchungen dahinter."
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            Jahr
          </label>
          <select
            id={selectId}
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            {[lastYear + 1, lastYear, lastYear - 1, lastYear - 2].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      }
    >
      {answer.isPending && <Spinner label="Einnahmen werden berechnet …" className="text-teal-700" />}
      {answer.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(answer.error)}
        </p>
      )}
      {answer.data && <Figures data={answer.data} />}
    </Card>
  );
}

function Figures({ data }: { data: TaxYearJson }) {
  return (
    <div className="flex flex-col gap-3">
      {data.notice && (
        <p className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900">
          {data.notice}
        </p>
      )}
      <ul className="divide-y divide-slate-200">
        {data.income.map((f) => (
          <li key={f.key} className="py-2">
            <details>
              <summary className="cursor-pointer marker:text-teal-700">
                <span className="inline-flex w-[calc(100%-1.5rem)] flex-wrap items-baseline justify-between gap-2">
                  <span className="text-slate-900">
                    {f.label}
                    {!f.sure && f.cents !== 0 && (
                      <span className="ml-2 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-semibold text-amber-900">
                        zu prüfen
                      </span>
                    )}
                  </span>
                  <span className="font-semibold tabular-nums text-slate-900">{formatCents(f.cents)}</span>
                </span>
              </summary>
              {f.sources.length === 0 ? (
                <p className="mt-2 text-sm text-slate-600">Keine Buchungen.</p>
              ) : (
                <ul
                  aria-label={`Buchungen: ${f.label}`}
                  className="mt-2 flex flex-col gap-1 text-sm text-slate-700"
                >
                  {f.sources.map((s) => (
                    <li
                      key={`${s.transactionId}-${s.month ?? ''}`}
                      className="flex flex-wrap justify-between gap-2"
                    >
                      <span>
                        {formatDateDe(s.bookingDate)} · {s.tenantName}
                        {s.month ? ` · für ${monthText(s.month)}` : ''}
                        {s.note ? ` · ${s.note}` : ''}
                      </span>
                      <span className="tabular-nums">{formatCents(s.cents)}</span>
                    </li>
                  ))}
                </ul>
              )}
            </details>
          </li>
        ))}
      </ul>
      <p className="flex justify-between border-t border-slate-300 pt-2 font-semibold text-slate-900">
        <span>Einnahmen {data.year}</span>
        <span className="tabular-nums">{formatCents(data.incomeCents)}</span>
      </p>
      <p className="text-sm text-slate-600">
        Werbungskosten (Schuldzinsen, AfA, Kosten) und die Zeilen der Anlage V folgen; Zahlungen, die keinem
        Mietverhältnis zugeordnet sind, zählen hier noch nicht.
      </p>
    </div>
  );
}
