import { formatCents, formatDateDe } from '../../../shared/money';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import type { DocumentItem } from './api';
import { type RecognitionState, recognitionState, STATE_LABELS } from './recognition-state';

const TONES: Record<RecognitionState, BadgeTone> = {
  reading: 'blue',
  recognised: 'green',
  check: 'orange',
  confirmed: 'green',
  unreadable: 'gray',
};

/** Issuer, date, period, amount and cost types of a read receipt ("" before). */
export function recognitionFacts(document: DocumentItem): string {
  const fields = document.booking ?? document.recognition?.fields ?? null;
  const period = fields?.servicePeriod;
  const types = [...new Set((fields?.lines ?? []).map((l) => l.category ?? 'nicht umlagefähig'))].join(', ');
  return [
    fields?.issuer,
    fields?.invoiceDate && formatDateDe(fields.invoiceDate),
    period && `${formatDateDe(period.start)}–${formatDateDe(period.end)}`,
    fields?.totalCents != null && formatCents(fields.totalCents),
    types,
  ]
    .filter(Boolean)
    .join(' · ');
}

/** Where a receipt's reading stands (wird gelesen / sicher erkannt / bitte prüfen / nicht lesbar) and "Prüfen". */
export function RecognitionStatus({
  document,
  onReview,
  className,
}: {
  document: DocumentItem;
  onReview: () => void;
  className?: string;
}) {
  const state = recognitionState(document);
  if (!state) return <span className={cx('text-sm text-slate-500', className)}>–</span>;
  return (
    <div className={cx('flex flex-wrap items-center gap-2', className)}>
      <Badge tone={TONES[state]}>{STATE_LABELS[state]}</Badge>
      {state !== 'reading' && (
        <Button variant="ghost" size="sm" onClick={onReview}>
          {state === 'confirmed' ? 'Ansehen' : 'Prüfen'}
          <span className="sr-only"> „{document.name}“</span>
        </Button>
      )}
    </div>
  );
}
