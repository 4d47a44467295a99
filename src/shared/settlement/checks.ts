// The checks of docs/domain/checks.md that ask the landlord to look again before a settlement goes out: costs
// a court would strike or a tenant would object to, and the §556(3) deadline. Pure, so the browser
// shows them while typing and the server merges them into the settlement's warnings. Every check is
// a warning (severity 'warning'): finalizing needs its confirmation, not its removal.

import { isIsoDate, oneYearPeriodEnd } from '../dates';
import { statementDeadline } from '../deadlines';
import { formatCents, formatDateDe } from '../money';
import type { UnitKind } from '../vocabulary';
import type { SettlementInput } from './types';

export const CHECK_CODES = [
  'cost-not-allocatable',
  'heating-not-by-consumption',
  'cost-changed',
  'cable-tv-fees',
  'other-costs-unnamed',
  'period-over-12-months',
  'deadline-passed',
  'receipt-twice',
  'commercial-shared',
  'co2-building-type',
  'moved-out-address',
  'prepayments-bank-differs',
  'receipts-differ',
] as const;
export type CheckCode = (typeof CHECK_CODES)[number];

export interface SettlementCheck {
  code: CheckCode;
  severity: 'warning';
  message: string;
  /** Where the problem is: 'costs.{i}.name', 'costs.{i}.documents' or 'periodEnd'. */
  path: string;
}

/** The costs of the property's previous final settlement, by which the ±25 % check compares. */
export interface PreviousCosts {
  periodStart: string;
  periodEnd: string;
  costs: Array<{ name: string; amountCents: number }>;
}

export type CheckedInput = Pick<SettlementInput, 'periodStart' | 'periodEnd'> & {
  costs: ReadonlyArray<{
    name: string;
    amountCents: number;
    key: string;
    /** The receipts (document ids) attached to the cost. */
    documentIds?: readonly string[];
    /** Of those, the receipts whose lines name this cost's type (a notice of several costs). */
    coveredDocumentIds?: readonly string[];
    /** A cost of a group: the units sharing it. */
    unitIds?: readonly string[];
    costGroupId?: string;
  }>;
  /** The house's units, for the checks of a mixed house. */
  units?: ReadonlyArray<{ label: string; kind?: UnitKind; area?: number }>;
  /** With heating: whether the landlord marked the building non-residential (§ 8 CO2KostAufG). */
  nonResidential?: boolean;
  /** Tenants who moved out, and whether their letter would go to the flat they left. */
  movedOut?: ReadonlyArray<{ id: string; name: string; end: string; atFlat: boolean }>;
};

/** A change beyond this share (in either direction) against the previous period asks for a look. */
export const CHANGE_LIMIT = 0.25;
/** Cable TV fees stopped being allocatable after this day (§ 2 Nr. 15 BetrKV, TKModG). */
export const CABLE_FEES_UNTIL = '2024-06-30';

// §1(2) BetrKV: administration and maintenance are the landlord's, as are reserves
const NOT_ALLOCATABLE =
  /verwaltung|reparatur|instandhaltung|instandsetzung|kontoführung|kontogebühr|bankgebühr|porto|rücklage/;
const HEATING = /heiz|warmwasser|brennstoff|fernwärme|wärmeliefer/;
// the base part of heating (30–50 %) is billed by area on purpose
const HEATING_BASE = /grundkosten|grundanteil|festkosten/;
const CABLE = /kabel|antenne|breitband/;
const OTHER_UNNAMED = /^sonstige[s]?(\s+(betriebs)?kosten)?$/;
// keys that ignore consumption; a direct cost or a future heating key is left alone
const FIXED_KEYS = new Set(['area', 'units', 'mea', 'persons']);

/** The identity of a warning a landlord confirms: its code at its place. */
export function warningKey(w: { code: string; path: string }): string {
  return `${w.code}@${w.path}`;
}

const normalized = (name: string) => name.trim().toLowerCase().replace(/\s+/g, ' ');

const label = (name: string, index: number) => name.trim() || `Position ${index + 1}`;

function percentText(ratio: number): string {
  const rounded = Math.round(ratio * 100);
  return `${rounded > 0 ? '+' : ''}${rounded} %`;
}

export function settlementChecks(
  input: CheckedInput,
  options: { today: string; previous?: PreviousCosts | null },
): SettlementCheck[] {
  const checks: SettlementCheck[] = [];
  const warn = (code: CheckCode, path: string, message: string) =>
    checks.push({ code, severity: 'warning', message, path });
  const previous = previousAmounts(options.previous);

  input.costs.forEach((cost, index) => {
    const name = normalized(cost.name);
    const path = `costs.${index}.name`;
    const quoted = `„${label(cost.name, index)}“`;
    if (NOT_ALLOCATABLE.test(name)) {
      warn(
        'cost-not-allocatable',
        path,
        `${quoted}: Verwaltung, Reparaturen, Instandhaltung, Bankgebühren, Porto und Rücklagen sind nicht umlagefähig (§ 1 Abs. 2 BetrKV). Bitte prüfen Sie, ob die Position in die Abrechnung gehört.`,
      );
    }
    if (HEATING.test(name) && !HEATING_BASE.test(name) && FIXED_KEYS.has(cost.key)) {
      warn(
        'heating-not-by-consumption',
        path,
        `${quoted}: Heiz- und Warmwasserkosten sind zu 50–70 % nach Verbrauch zu verteilen (§§ 7, 8 HeizkostenV); sonst darf der Mieter seinen Anteil um 15 % kürzen (§ 12 HeizkostenV).`,
      );
    }
    if (CABLE.test(name) && input.periodEnd > CABLE_FEES_UNTIL) {
      warn(
        'cable-tv-fees',
        path,
        `${quoted}: Kabel-TV-Gebühren sind seit dem 01.07.2024 nicht mehr umlagefähig; umlegbar ist nur, was bis zum 30.06.2024 anfiel, oder die Bereitstellung eines Glasfasernetzes (§ 2 Nr. 15 BetrKV).`,
      );
    }
    if (OTHER_UNNAMED.test(name)) {
      warn(
        'other-costs-unnamed',
        path,
        `${quoted}: Sonstige Betriebskosten sind nur umlagefähig, wenn sie im Mietvertrag einzeln benannt sind (§ 2 Nr. 17 BetrKV). Bitte nennen Sie die Kostenart (z. B. „Dachrinnenreinigung“).`,
      );
    }
    const before = previous?.amounts.get(name);
    if (before !== undefined && before > 0) {
      const now = sameNameTotal(input.costs, name);
      const ratio = (now - before) / before;
      if (Math.abs(ratio) > CHANGE_LIMIT && firstWithName(input.costs, name) === index) {
        warn(
          'cost-changed',
          path,
          `${quoted}: ${formatCents(now)} statt ${formatCents(before)} im Zeitraum ${previous?.period} (${percentText(ratio)}). Bitte prüfen Sie den Beleg; der Mieter kann eine Erläuterung verlangen.`,
        );
      }
    }
    const sharing = firstSharingReceipt(input.costs, index);
    if (sharing >= 0) {
      warn(
        'receipt-twice',
        `costs.${index}.documents`,
        `${quoted}: Derselbe Beleg ist auch „${label(input.costs[sharing]?.name ?? '', sharing)}“ zugeordnet. Bitte prüfen Sie, ob die Rechnung doppelt umgelegt wird; deckt sie mehrere Kostenarten ab (z. B. ein Abgabenbescheid), bestätigen Sie den Hinweis.`,
      );
    }
  });

  const shops = (input.units ?? []).filter((u) => u.kind === 'commercial');
  const sharedByAll = input.costs.findIndex(
    (c) => !c.unitIds && !c.costGroupId && c.key !== 'direct' && c.key !== 'consumption' && c.amountCents > 0,
  );
  if (shops.length > 0 && sharedByAll >= 0) {
    warn(
      'commercial-shared',
      `costs.${sharedByAll}.key`,
      `Im Haus gibt es Gewerbe (${shops.map((u) => `„${u.label}“`).join(', ')}). Verursacht es bei einer Kostenart erheblich höhere Kosten, ist sein Teil vorab abzuziehen (Vorwegabzug, BGH VIII ZR 78/05): als direkte Kosten oder über eine Gruppe. Umsatzsteuer für einen Gewerbemieter berechnet Umlage nicht; bitte stellen Sie sie gesondert in Rechnung.`,
    );
  }

  // a letter to the flat a tenant left reaches the next tenant, not her
  for (const t of input.movedOut ?? []) {
    if (!t.atFlat || t.end >= options.today) continue;
    warn(
      'moved-out-address',
      `tenancies.${t.id}`,
      `„${t.name}“ ist am ${formatDateDe(t.end)} ausgezogen, die Abrechnung ginge aber an die Wohnung. Bitte tragen Sie beim Mietverhältnis die neue Anschrift ein.`,
    );
  }

  const buildingType = co2BuildingType(input);
  if (buildingType) warn('co2-building-type', 'heating.building.nonResidential', buildingType);

  // an unfinished period (while typing) has no length or deadline yet; the engine reports it
  if (!isIsoDate(input.periodStart) || !isIsoDate(input.periodEnd)) return checks;
  if (input.periodEnd > oneYearPeriodEnd(input.periodStart)) {
    warn(
      'period-over-12-months',
      'periodEnd',
      'Der Abrechnungszeitraum ist länger als 12 Monate. Betriebskosten sind jährlich abzurechnen (§ 556 Abs. 3 BGB).',
    );
  }
  const deadline = statementDeadline(input.periodEnd);
  if (options.today > deadline) {
    warn(
      'deadline-passed',
      'periodEnd',
      `Die Abrechnungsfrist ist am ${formatDateDe(deadline)} abgelaufen (§ 556 Abs. 3 BGB): Eine Nachzahlung kann nicht mehr verlangt werden, es sei denn, Sie haben die Verspätung nicht zu vertreten. Guthaben sind trotzdem auszuzahlen.`,
    );
  }
  return checks;
}

/**
 * CO2KostAufG §§ 5, 8 with GEG § 3(1) Nr. 33: a mixed building is split as a whole, by the step
 * model when it mainly serves housing, else half and half. The area decides here; a house whose
 * flag contradicts its units' areas is asked about (the landlord may know better, e.g. a shop's
 * storerooms that were not entered).
 */
function co2BuildingType(input: CheckedInput): string | null {
  if (input.nonResidential === undefined) return null;
  const area = (kind: UnitKind) =>
    (input.units ?? []).filter((u) => (u.kind ?? 'dwelling') === kind).reduce((s, u) => s + (u.area ?? 0), 0);
  const housing = area('dwelling');
  const business = area('commercial');
  if (business === 0) return null;
  if (!input.nonResidential && business > housing) {
    return 'Das Gewerbe hat mehr Fläche als die Wohnungen: Dient das Gebäude nicht überwiegend dem Wohnen, tragen Vermieter und Mieter die CO2-Kosten je zur Hälfte (§ 8 CO2KostAufG). Bitte prüfen Sie „Nichtwohngebäude“.';
  }
  if (input.nonResidential && housing >= business) {
    return 'Die Wohnungen haben mindestens so viel Fläche wie das Gewerbe: Dient das Gebäude überwiegend dem Wohnen, gilt für alle Einheiten das Stufenmodell (§ 5 CO2KostAufG), nicht die hälftige Teilung. Bitte prüfen Sie „Nichtwohngebäude“.';
  }
  return null;
}

function previousAmounts(previous: PreviousCosts | null | undefined) {
  if (!previous) return null;
  const amounts = new Map<string, number>();
  for (const c of previous.costs) {
    const name = normalized(c.name);
    amounts.set(name, (amounts.get(name) ?? 0) + c.amountCents);
  }
  return {
    amounts,
    period: `${formatDateDe(previous.periodStart)} – ${formatDateDe(previous.periodEnd)}`,
  };
}

// costs of one name (e.g. two water invoices) are compared as their sum, once
function sameNameTotal(costs: CheckedInput['costs'], name: string): number {
  return costs.reduce((s, c) => (normalized(c.name) === name ? s + c.amountCents : s), 0);
}

// the earlier cost that carries one of this cost's receipts, or -1; a receipt whose lines name both
// costs (a Grundbesitzabgabenbescheid on Grundsteuer and Müllabfuhr) is meant for both
function firstSharingReceipt(costs: CheckedInput['costs'], index: number): number {
  const cost = costs[index];
  const own = cost?.documentIds ?? [];
  if (own.length === 0) return -1;
  const covered = new Set(cost?.coveredDocumentIds ?? []);
  return costs.findIndex(
    (c, i) =>
      i < index &&
      (c.documentIds ?? []).some(
        (id) => own.includes(id) && !(covered.has(id) && (c.coveredDocumentIds ?? []).includes(id)),
      ),
  );
}

/** Whether two cost names are the same cost type (case and spaces aside). */
export const sameCostName = (a: string, b: string) => normalized(a) === normalized(b);

function firstWithName(costs: CheckedInput['costs'], name: string): number {
  return costs.findIndex((c) => normalized(c.name) === name);
}

/**
 * A tenant whose prepayments in the bank files differ from the agreed ones, while the landlord has
 * not entered what was paid: the letter would deduct the agreed amount.
 */
export function bankPrepaymentChecks(
  statements: ReadonlyArray<{
    tenancyId: string;
    name: string;
    prepaymentCents: number;
    prepaymentEntered: boolean;
  }>,
  bank: ReadonlyMap<string, number>,
): SettlementCheck[] {
  return statements.flatMap((s) => {
    const paid = bank.get(s.tenancyId);
    if (paid === undefined || s.prepaymentEntered || paid === s.prepaymentCents) return [];
    return [
      {
        code: 'prepayments-bank-differs' as const,
        severity: 'warning' as const,
        path: `prepaymentsPaid.${s.tenancyId}`,
        message: `„${s.name}“ hat laut Kontoauszug ${formatCents(paid)} Vorauszahlungen gezahlt, vereinbart sind ${formatCents(s.prepaymentCents)}. Bitte übernehmen Sie die gezahlten Beträge („Aus dem Kontoauszug übernehmen“) oder tragen Sie sie ein.`,
      },
    ];
  });
}
