import { fileNamePart } from '../../shared/file-name-part';
import type { LetterSource } from '../../shared/settlement-view/letter-view';

/** Betriebskostenabrechnung_2025_EG_links_Anna_Müller.pdf (VORSCHAU_ first, _Korrektur last when so). */
export function letterFileName(
  source: LetterSource,
  tenancyId: string,
  options: { preview: boolean; correction: boolean },
): string {
  const tenancy = source.tenancies.find((t) => t.id === tenancyId);
  const unit = source.units.find((u) => u.id === tenancy?.unitId);
  const parts = [
    'Betriebskostenabrechnung',
    source.periodEnd.slice(0, 4),
    fileNamePart(unit?.label ?? '', 40),
    fileNamePart(tenancy?.tenant.name ?? ''),
  ].filter((p) => p !== '');
  if (options.correction) parts.push('Korrektur');
  return `${options.preview ? 'VORSCHAU_' : ''}${parts.join('_')}.pdf`;
}

export function lettersPreviewFileName(source: LetterSource, part: number): string {
  const property = fileNamePart(source.property.name) || 'Immobilie';
  return `VORSCHAU_Briefe_${source.periodEnd.slice(0, 4)}_${property}${part > 1 ? `_Teil_${part}` : ''}.pdf`;
}

export function overviewFileName(source: LetterSource): string {
  return `Hausabrechnung_${source.periodEnd.slice(0, 4)}_${fileNamePart(source.property.name) || 'Immobilie'}_Übersicht.pdf`;
}

export function zipFileName(source: LetterSource): string {
  return `Hausabrechnung_${source.periodEnd.slice(0, 4)}_${fileNamePart(source.property.name) || 'Immobilie'}.zip`;
}
