import { formatDateDe } from '../../shared/money';
import { AppError } from '../errors';

export const unitNotFound = () => new AppError('not_found', 404, 'Einheit nicht gefunden.');
export const tenancyNotFound = () => new AppError('not_found', 404, 'Mietverhältnis nicht gefunden.');

export const unitInUse = () =>
  new AppError(
    'unit_in_use',
    409,
    'Die Einheit kann nicht gelöscht werden, solange Mietverhältnisse auf sie verweisen. Bitte löschen Sie zuerst die Mietverhältnisse.',
  );

export const tenancyInFinalSettlement = () =>
  new AppError(
    'tenancy_in_final_settlement',
    409,
    'Das Mietverhältnis ist Teil einer finalen Hausabrechnung und kann nicht gelöscht werden.',
  );

export function tenanciesOverlap(other: {
  tenantName: string;
  startDate: string | null;
  endDate: string | null;
}) {
  const until = other.endDate ? `bis ${formatDateDe(other.endDate)}` : 'ohne Ende';
  const from = other.startDate ? `vom ${formatDateDe(other.startDate)}` : 'seit längerem';
  return new AppError(
    'tenancy_overlap',
    409,
    `Die Mietverhältnisse überschneiden sich: „${other.tenantName}“ wohnt ${from} ${until} in dieser Einheit. Ein Tag kann nur einem Mietverhältnis gehören.`,
    { start: 'Die Mietverhältnisse überschneiden sich.' },
  );
}
