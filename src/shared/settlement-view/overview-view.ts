// The landlord's overview of a settlement: every party's share of every cost, the sums, and per cost
// the check that the parties add up to its amount.

import { formatCents, formatDateDe, formatDays } from '../money';
import { computePeriod } from '../print-model';
import { rowName } from '../settlement/heating-rows';
import { hasStatement, type SettlementResult } from '../settlement/types';
import { KEY_LABELS } from '../vocabulary';
import type { LetterSource } from './letter-view';

/** The landlord's overview: every party's share of every cost, and the sums. */
export interface OverviewView {
  title: string;
  subtitle: string;
  /** When the numbers were frozen, or that they are a draft. */
  status: string;
  costs: Array<{ name: string; keyLabel: string; amountText: string }>;
  parties: Array<{ label: string; detail: string; shares: string[]; total: string }>;
  sums: { shares: string[]; total: string };
  /** Per cost: Σ parties = amount. */
  checks: string[];
}

export function settlementOverviewView(
  source: LetterSource,
  result: SettlementResult,
  status: string,
): OverviewView {
  const name = (id: string) => source.tenancies.find((t) => t.id === id)?.tenant.name ?? '';
  const unitLabel = (id: string) => source.units.find((u) => u.id === id)?.label ?? '';
  const tenantRows = result.tenancies.filter(hasStatement).map((t) => ({
    label: name(t.tenancyId),
    detail: `${unitLabel(t.unitId)} · ${formatDateDe(t.start)} – ${formatDateDe(t.end)} (${formatDays(t.days)})`,
    cents: t.rows.map((r) => r.shareCents),
  }));
  const landlordRows = [
    { label: 'Leerstand', detail: 'Vermieter', cents: result.costs.map((c) => c.landlord.vacancyCents) },
    { label: 'Eigennutzung', detail: 'Vermieter', cents: result.costs.map((c) => c.landlord.ownUseCents) },
    {
      label: 'Pauschale',
      detail: 'Vermieter (Betriebskostenpauschale)',
      cents: result.costs.map((c) => c.landlord.flatRateCents ?? 0),
    },
    {
      label: 'Nicht erfasst',
      detail: 'Vermieter (Verbrauch ohne Zähler, Rest)',
      cents: result.costs.map((c) => c.landlord.unmeteredCents),
    },
    {
      label: 'CO2-Anteil',
      detail: 'Vermieter (CO2KostAufG)',
      cents: result.costs.map((c) => c.landlord.co2ReliefCents ?? 0),
    },
  ].filter((r) => r.cents.some((c) => c !== 0));
  const all = [...tenantRows, ...landlordRows];
  const sums = result.costs.map((_, i) => all.reduce((s, r) => s + (r.cents[i] ?? 0), 0));
  const sumTotal = sums.reduce((s, x) => s + x, 0);
  const period = computePeriod(source.periodStart, source.periodEnd);
  const cityLine = [source.property.postalCode, source.property.city].filter((p) => p !== '').join(' ');
  return {
    title: `Hausabrechnung ${source.property.name}`,
    subtitle: `${[source.property.street, cityLine].filter((p) => p !== '').join(', ')} · Abrechnungszeitraum ${period.label} (${formatDays(period.daysInPeriod)})`,
    status,
    costs: result.costs.map((c) => ({
      name: rowName(c, source.entries),
      keyLabel: KEY_LABELS[c.key],
      amountText: formatCents(c.amountCents),
    })),
    parties: all.map((r) => ({
      label: r.label,
      detail: r.detail,
      shares: r.cents.map(formatCents),
      total: formatCents(r.cents.reduce((s, x) => s + x, 0)),
    })),
    sums: { shares: sums.map(formatCents), total: formatCents(sumTotal) },
    checks: result.costs.map((c, i) =>
      sums[i] === c.amountCents ? '✓' : `Differenz ${formatCents((sums[i] ?? 0) - c.amountCents)}`,
    ),
  };
}
