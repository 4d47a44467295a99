import { CalendarRange } from 'lucide-react';
import { useState } from 'react';
import { centsToInput, formatCents, formatPercentHundredths, parseMoney } from '../../shared/money';
import { proRataCents, shortPeriod } from '../../shared/pro-rata';
import { Button } from './ui/Button';

export interface ProRataHintProps {
  /** The billing period, ISO dates as the form holds them. */
  start: string;
  end: string;
  /** The cost positions as typed (amounts like "1.234,56"). */
  costs: ReadonlyArray<{ name: string; amount: string }>;
  /** Sets the amounts, same order as `costs`. */
  onApply: (amounts: string[]) => void;
}

/**
 * A period shorter than twelve months may only carry that period's costs: says so, and offers to
 * scale amounts entered for a whole year by days in period / days in year, showing every figure.
 */
export function ProRataHint({ start, end, costs, onApply }: ProRataHintProps) {
  // what the last scaling turned which amounts into, so that it can be undone (and not done twice)
  const [applied, setApplied] = useState<{ period: string; before: string[]; after: string[] } | null>(null);
  const period = shortPeriod(start, end);
  if (!period) return null;

  const amounts = costs.map((c) => c.amount);
  const days = `${period.daysInPeriod} von ${period.daysInYear} Tagen`;
  const share = formatPercentHundredths(Math.round((period.daysInPeriod * 10_000) / period.daysInYear));
  const isApplied =
    applied !== null &&
    applied.period === `${start}/${end}` &&
    applied.after.length === amounts.length &&
    applied.after.every((a, i) => a === amounts[i]);

  const rows = costs.flatMap((cost, index) => {
    const parsed = parseMoney(cost.amount);
    if (!parsed.ok || parsed.cents === 0) return [];
    const scaled = proRataCents(parsed.cents, period);
    return [{ index, name: cost.name.trim() || `Position ${index + 1}`, from: parsed.cents, to: scaled }];
  });

  const apply = () => {
    const after = [...amounts];
    for (const row of rows) after[row.index] = centsToInput(row.to);
    setApplied({ period: `${start}/${end}`, before: amounts, after });
    onApply(after);
  };

  const undo = () => {
    if (!applied) return;
    onApply(applied.before);
    setApplied(null);
  };

  return (
    <section
      aria-labelledby="pro-rata-title"
      className="flex flex-col gap-3 rounded-md border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950"
    >
      <h3 id="pro-rata-title" className="flex items-center gap-2 font-semibold">
        <CalendarRange aria-hidden="true" className="size-4 shrink-0" />
        Abrechnungszeitraum kürzer als 12 Monate: {days} ({share})
      </h3>
      {isApplied ? (
        <div className="flex flex-wrap items-center gap-3">
          <p role="status">
            Die Beträge wurden anteilig auf {days} umgerechnet. Bitte prüfen Sie sie mit Ihren Belegen.
          </p>
          <Button variant="secondary" size="sm" onClick={undo}>
            Umrechnung rückgängig machen
          </Button>
        </div>
      ) : (
        <>
          <p>
            Umgelegt werden dürfen nur die Kosten dieses Zeitraums. Gelten Ihre Beträge für ein ganzes Jahr
            (z. B. Grundsteuer, Versicherung), rechnen Sie sie anteilig nach Tagen um.
          </p>
          {rows.length > 0 && (
            <>
              <ul aria-label="Anteilige Beträge" className="flex flex-col gap-1">
                {rows.map((row) => (
                  <li key={row.index} className="flex flex-wrap gap-x-2">
                    <span className="font-medium">{row.name}:</span>{' '}
                    <span>
                      {formatCents(row.from)} × {period.daysInPeriod} / {period.daysInYear} ={' '}
                      <strong>{formatCents(row.to)}</strong>
                    </span>
                  </li>
                ))}
              </ul>
              <Button variant="secondary" size="sm" className="self-start" onClick={apply}>
                Beträge anteilig umrechnen
              </Button>
            </>
          )}
        </>
      )}
    </section>
  );
}
