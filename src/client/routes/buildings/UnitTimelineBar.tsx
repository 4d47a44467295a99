import { formatDateDe } from '../../../shared/money';
import type { UnitTimeline } from '../../../shared/settlement/types';
import { cx } from '../../components/ui/cx';
import type { Timelines } from './timeline';

const COLORS = { tenant: 'bg-teal-600', 'own-use': 'bg-violet-700', vacancy: 'bg-amber-300' } as const;

const TIMELINE_LEGEND = [
  { kind: 'tenant', label: 'vermietet' },
  { kind: 'own-use', label: 'Eigennutzung' },
  { kind: 'vacancy', label: 'Leerstand' },
] as const;

/** The unit's occupancy over two years as one bar; its text alternative names every stretch. */
export function UnitTimelineBar(props: {
  unitId: string;
  timelines: Timelines;
  names: ReadonlyMap<string, string>;
}) {
  const { years, firstYearDays } = props.timelines;
  const timeline = props.timelines.byUnit.get(props.unitId);
  if (!timeline) return null;
  const total = timeline.segments.reduce((sum, s) => sum + s.days, 0);
  const who = (s: UnitTimeline['segments'][number]) =>
    s.kind === 'vacancy' ? 'leer' : (props.names.get(s.tenancyId ?? '') ?? '');
  const label = `Belegung ${years[0]} und ${years[1]}: ${timeline.segments
    .map((s) => `${who(s)} ${formatDateDe(s.start)} – ${formatDateDe(s.end)}`)
    .join('; ')}`;
  const yearStart = `${(firstYearDays / total) * 100}%`;
  return (
    <div className="flex flex-col gap-1">
      <div className="flex justify-between gap-2 text-xs text-slate-600">
        <span>Belegung</span>
        <span>{timeline.vacantDays === 0 ? 'ohne Leerstand' : `${timeline.vacantDays} Tage leer`}</span>
      </div>
      <div className="relative">
        <div role="img" aria-label={label} className="flex h-2.5 overflow-hidden rounded-full bg-slate-200">
          {timeline.segments.map((s) => (
            <span
              key={s.start}
              title={`${who(s)}: ${formatDateDe(s.start)} – ${formatDateDe(s.end)}`}
              className={cx('h-full shrink-0 border-r border-white last:border-r-0', COLORS[s.kind])}
              style={{ width: `${(s.days / total) * 100}%` }}
            />
          ))}
        </div>
        <span
          aria-hidden="true"
          className="absolute -top-0.5 h-3.5 w-px bg-slate-500"
          style={{ left: yearStart }}
        />
      </div>
      <div aria-hidden="true" className="relative h-4 text-xs text-slate-600">
        <span className="absolute left-0">{years[0]}</span>
        <span className="absolute pl-1" style={{ left: yearStart }}>
          {years[1]}
        </span>
      </div>
    </div>
  );
}

/** The colours of the bars, once per page. */
export function TimelineLegend() {
  return (
    <ul aria-hidden="true" className="flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-600">
      {TIMELINE_LEGEND.map((l) => (
        <li key={l.kind} className="inline-flex items-center gap-1.5">
          <span className={cx('size-2.5 rounded-sm', COLORS[l.kind])} />
          {l.label}
        </li>
      ))}
    </ul>
  );
}
