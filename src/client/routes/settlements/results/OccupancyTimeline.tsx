import { formatDateDe } from '../../../../shared/money';
import { Card } from '../../../components/ui/Card';
import { cx } from '../../../components/ui/cx';
import type { Figures } from './figures';

type Segment = Figures['units'][number]['segments'][number];

// Vacancy is striped as well as coloured, so it stays apart from a tenancy without colour vision.
const LOOK: Record<Segment['kind'], { bar: string; swatch: string; label: string }> = {
  tenant: { bar: 'bg-teal-700 text-white', swatch: 'bg-teal-700', label: 'Mietverhältnis' },
  'own-use': { bar: 'bg-violet-700 text-white', swatch: 'bg-violet-700', label: 'Eigennutzung' },
  vacancy: {
    bar: 'bg-amber-200 text-amber-950 bg-[repeating-linear-gradient(135deg,transparent_0_6px,rgb(0_0_0/0.12)_6px_9px)]',
    swatch: 'bg-amber-200 bg-[repeating-linear-gradient(135deg,transparent_0_3px,rgb(0_0_0/0.2)_3px_5px)]',
    label: 'Leerstand',
  },
};

export const daysText = (n: number) => `${n.toLocaleString('de-DE')} ${n === 1 ? 'Tag' : 'Tage'}`;

function segmentTitle(s: Segment): string {
  if (s.kind === 'vacancy') return 'Leerstand';
  if (s.kind === 'own-use')
    return s.name && s.name !== 'Eigennutzung' ? `Eigennutzung (${s.name})` : 'Eigennutzung';
  return s.name ?? 'Mietverhältnis';
}

/** "A picture before the numbers": per unit who lived there when, vacancy and own use, with day counts. */
export function OccupancyTimeline({
  units,
  periodDays,
  warnings,
}: {
  units: Figures['units'];
  periodDays: number;
  /** Overlapping tenancies (errors) are shown here, where the occupancy is. */
  warnings: Figures['warnings'];
}) {
  return (
    <Card
      title="Belegung im Abrechnungszeitraum"
      description="Wer wann in welcher Einheit gewohnt hat. Leerstand und Eigennutzung trägt der Vermieter."
    >
      <ul aria-label="Legende" className="mb-4 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-700">
        {(['tenant', 'vacancy', 'own-use'] as const).map((kind) => (
          <li key={kind} className="flex items-center gap-1.5">
            <span aria-hidden="true" className={cx('inline-block size-3.5 rounded-sm', LOOK[kind].swatch)} />
            {LOOK[kind].label}
          </li>
        ))}
      </ul>
      {units.length === 0 && (
        <p className="text-sm text-slate-700">Diese Immobilie hat noch keine Einheiten.</p>
      )}
      <ul className="flex flex-col gap-5">
        {units.map((unit) => (
          <li key={unit.unitId} aria-label={`Einheit ${unit.label}`} data-testid="timeline-unit">
            <div className="mb-1.5 flex flex-wrap items-baseline justify-between gap-x-3">
              <h3 className="font-medium text-slate-900">{unit.label}</h3>
              {unit.vacantDays > 0 && (
                <span className="text-sm text-amber-900">Leerstand: {daysText(unit.vacantDays)}</span>
              )}
            </div>
            {/* the bar is the picture; the list below says the same in words */}
            <div
              aria-hidden="true"
              className="flex h-8 w-full overflow-hidden rounded-md ring-1 ring-slate-300"
            >
              {unit.segments.map((s) => (
                <div
                  key={`${s.start}-${s.kind}`}
                  title={`${segmentTitle(s)}: ${formatDateDe(s.start)} – ${formatDateDe(s.end)}`}
                  className={cx(
                    'flex min-w-0 items-center overflow-hidden border-r border-white px-1.5 text-xs font-medium last:border-r-0',
                    LOOK[s.kind].bar,
                  )}
                  style={{ width: `${(s.days / Math.max(periodDays, 1)) * 100}%` }}
                >
                  <span className="truncate">{segmentTitle(s)}</span>
                </div>
              ))}
            </div>
            <ul className="mt-2 grid gap-1 text-sm text-slate-700 sm:grid-cols-2 lg:grid-cols-3">
              {unit.segments.map((s) => (
                <li key={`${s.start}-${s.kind}`} className="flex items-start gap-1.5" data-kind={s.kind}>
                  <span
                    aria-hidden="true"
                    className={cx('mt-1 inline-block size-3 shrink-0 rounded-sm', LOOK[s.kind].swatch)}
                  />
                  <span>
                    <span className="font-medium text-slate-900">{segmentTitle(s)}</span>:{' '}
                    {formatDateDe(s.start)} – {formatDateDe(s.end)} ({daysText(s.days)})
                  </span>
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ul>
      {warnings.map((w) => (
        <p key={w.path + w.code} role="alert" className="mt-4 text-sm text-red-700">
          {w.message}
        </p>
      ))}
    </Card>
  );
}
