import { Check, X } from 'lucide-react';
import type { ReactNode } from 'react';
import { formatCents, formatDateDe } from '../../../../shared/money';
import { RESULT_LABELS } from '../../../../shared/print-model';
import { Card } from '../../../components/ui/Card';
import { cx } from '../../../components/ui/cx';
import { type Figures, inUnitOrder, landlordParts } from './figures';
import { HeatingWorking } from './HeatingWorking';
import { daysText } from './OccupancyTimeline';

type Statement = Figures['statements'][number];

function balanceOf(cents: number): { label: string; amount: string; className: string } {
  if (cents > 0) return { label: RESULT_LABELS.due, amount: formatCents(cents), className: 'text-red-800' };
  if (cents < 0)
    return { label: RESULT_LABELS.credit, amount: formatCents(-cents), className: 'text-green-800' };
  return { label: 'Ausgeglichen', amount: formatCents(0), className: 'text-slate-900' };
}

/** One dt/dd pair; `total` draws the line above a sum. */
function Figure({
  label,
  value,
  className,
  total,
}: {
  label: ReactNode;
  value: string;
  className?: string;
  total?: boolean;
}) {
  return (
    <div
      className={cx(
        'flex items-baseline justify-between gap-3',
        total && 'mt-1 border-t border-slate-200 pt-1',
      )}
    >
      <dt className="text-slate-700">{label}</dt>
      <dd className={cx('font-semibold whitespace-nowrap tabular-nums text-slate-900', className)}>
        {value}
      </dd>
    </div>
  );
}

/** Every tenancy's result, the landlord's part and the per-cost check; live for a draft. */
export function ResultsSection({
  figures,
  live,
  statementActions,
  actions,
}: {
  figures: Figures;
  /** A draft's figures follow the form without saving. */
  live: boolean;
  /** Links or buttons under a tenant's result (preview, download). */
  statementActions?: (s: Statement) => ReactNode;
  /** Beside the title (e.g. all letters in one preview). */
  actions?: ReactNode;
}) {
  const { vacancy, ownUse, unmetered, flatRate, co2, cuts } = landlordParts(figures);
  const statements = inUnitOrder(
    figures.statements,
    figures.units.map((u) => u.unitId),
  );
  return (
    <Card
      title="Ergebnis"
      actions={actions}
      description={
        live
          ? 'Wird bei jeder Eingabe neu berechnet – ohne zu speichern.'
          : 'Die Zahlen der finalen Abrechnung, wie sie versandt wurden.'
      }
    >
      <div className="flex flex-col gap-6">
        {statements.length === 0 && (
          <p className="text-sm text-slate-700">Im Zeitraum gibt es keine Mietverhältnisse.</p>
        )}
        <ul aria-label="Mieter" className="grid gap-4 md:grid-cols-2">
          {statements.map((s) => {
            const balance = balanceOf(s.balanceCents);
            return (
              <li
                key={s.tenancyId}
                aria-label={s.tenantName}
                data-testid="tenant-result"
                className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4"
              >
                <div>
                  <h3 className="font-semibold text-slate-900">{s.tenantName}</h3>
                  <p className="text-sm text-slate-600">
                    {s.unitLabel} · {formatDateDe(s.start)} – {formatDateDe(s.end)} ·{' '}
                    <span data-testid="tenant-days">{daysText(s.days)}</span>
                  </p>
                </div>
                <dl className="flex flex-col gap-1 text-sm">
                  <Figure label="Anteil an den Kosten" value={formatCents(s.totalCents)} />
                  <Figure
                    label={s.prepaymentEntered ? 'Vorauszahlungen (tatsächlich gezahlt)' : 'Vorauszahlungen'}
                    value={`− ${formatCents(s.prepaymentCents)}`}
                  />
                  <Figure
                    total
                    label={<span className="font-semibold text-slate-900">{balance.label}</span>}
                    value={balance.amount}
                    className={cx('text-base', balance.className)}
                  />
                </dl>
                <details className="text-sm">
                  <summary className="cursor-pointer font-medium text-teal-800">
                    Aufstellung je Kostenart
                  </summary>
                  <dl className="mt-2 flex flex-col gap-1">
                    {s.rows.map((r, i) => (
                      <Figure
                        // biome-ignore lint/suspicious/noArrayIndexKey: rows follow the cost list, whose names may repeat
                        key={i}
                        label={r.name || `Position ${i + 1}`}
                        value={formatCents(r.shareCents)}
                      />
                    ))}
                  </dl>
                </details>
                {statementActions && (
                  <div className="mt-auto flex flex-wrap gap-2">{statementActions(s)}</div>
                )}
              </li>
            );
          })}
        </ul>

        <HeatingWorking figures={figures} />

        <section
          aria-labelledby="landlord-part"
          className="rounded-lg border border-slate-200 bg-slate-50 p-4"
        >
          <h3 id="landlord-part" className="font-semibold text-slate-900">
            Anteil des Vermieters
          </h3>
          <dl className="mt-2 flex flex-col gap-1 text-sm sm:max-w-md" data-testid="landlord-result">
            <Figure label="Leerstand" value={formatCents(vacancy)} />
            <Figure label="Eigennutzung" value={formatCents(ownUse)} />
            {flatRate !== 0 && (
              <Figure
                label={`Pauschale (${figures.flatRate.map((t) => t.name).join(', ')})`}
                value={formatCents(flatRate)}
              />
            )}
            <Figure label="Nicht erfasster Verbrauch" value={formatCents(unmetered)} />
            {co2 !== 0 && <Figure label="CO2-Anteil (CO2KostAufG)" value={formatCents(co2)} />}
            {cuts !== 0 && (
              <Figure label="Kürzungen der Mieter (HeizkostenV, CO2KostAufG)" value={formatCents(cuts)} />
            )}
            <Figure total label="Summe Vermieter" value={formatCents(figures.landlord.totalCents)} />
          </dl>
        </section>

        <section aria-labelledby="checks">
          <h3 id="checks" className="font-semibold text-slate-900">
            Kontrolle je Kostenart
          </h3>
          {figures.checks.length === 0 ? (
            <p className="mt-2 text-sm text-slate-700">Noch keine Kostenpositionen.</p>
          ) : (
            <ul className="mt-2 flex flex-col divide-y divide-slate-200 text-sm" data-testid="checks">
              {figures.checks.map((c, i) => {
                const ok = c.differenceCents === 0;
                return (
                  // biome-ignore lint/suspicious/noArrayIndexKey: the cost's position is its identity
                  <li key={i} className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1 py-2">
                    <span className="font-medium text-slate-900">{c.name || `Position ${i + 1}`}</span>
                    <span
                      className={cx(
                        'flex items-center gap-1 tabular-nums',
                        ok ? 'text-slate-700' : 'text-red-700',
                      )}
                    >
                      Mieter {formatCents(c.tenantsCents)} + Vermieter {formatCents(c.landlordCents)} ={' '}
                      {formatCents(c.amountCents)}
                      {ok ? (
                        <Check aria-hidden="true" className="size-4 text-green-700" />
                      ) : (
                        <X aria-hidden="true" className="size-4" />
                      )}
                      <span className="sr-only">{ok ? 'stimmt' : 'stimmt nicht'}</span>
                    </span>
                  </li>
                );
              })}
            </ul>
          )}
        </section>
      </div>
    </Card>
  );
}
