// A tenant's letter of a settlement as the statement view-model the PDF prints (the same letter and
// table as the single wizard's, with the building's units × days and the tenant's own days).

import { divideRoundHalfUp } from '../arithmetic/rounding';
import { addDays } from '../dates';
import { formatIban } from '../iban';
import {
  formatCents,
  formatDateDe,
  formatDays,
  formatNumberDe,
  formatPercentHundredths,
  formatQuantity,
} from '../money';
import {
  CLOSING,
  computePeriod,
  LEGAL_NOTICE,
  PAYMENT_DUE_DAYS,
  paymentReference,
  RESULT_LABELS,
  type StatementRow,
  type StatementView,
  subjectLine,
} from '../print-model';
import { salutationFor } from '../salutation';
import { isHeatingKey, rowName } from '../settlement/heating-rows';
import type { CostResult, SettlementResult, ShareRow, TenancyResult } from '../settlement/types';
import {
  CONSUMPTION_UNIT_LABELS,
  HEATING_CUT_LABELS,
  KEY_LABELS,
  METER_KIND_LABELS,
  type MeterKind,
  type ResultKey,
} from '../vocabulary';
import { type Annex35aView, annex35aView } from './annex-35a-view';
import { type HeatingAnnexView, heatingAnnexView } from './heating-annex-view';
import type { CostGroupRecord, MeterRecord, SettlementEntries, TenancyRecord, UnitRecord } from './records';
import { letterSender, signatureName } from './sender';

export interface LetterSource {
  periodStart: string;
  periodEnd: string;
  property: { name: string; street: string; postalCode: string; city: string };
  units: UnitRecord[];
  tenancies: TenancyRecord[];
  entries: SettlementEntries;
  /** The property's cost groups when it had any (absent in snapshots from before it existed). */
  costGroups?: CostGroupRecord[];
  /** The property's meters with their readings, when it had any. */
  meters?: MeterRecord[];
}

export interface LetterOptions {
  /** YYYY-MM-DD: dates the letter and the payment due date. */
  today: string;
  /** A correction: the letter says so and names the date of the statement it replaces. */
  corrects?: { finalizedOn: string } | null;
}

function unitsText(
  key: ResultKey,
  milli: number | null,
  dayCount: number | null,
  heatUnit = 'Einheiten',
): string {
  if (milli === null) return '–';
  const value = formatQuantity(milli / 1000);
  switch (key) {
    case 'heating':
      return dayCount === null
        ? `${value} ${heatUnit}`
        : `${value} ${heatUnit}\n+ Fläche × ${formatDays(dayCount)}`;
    case 'hot-water':
      return dayCount === null ? `${value} m³` : `${value} m³\n+ Fläche × ${formatDays(dayCount)}`;
    case 'co2-relief':
      return '–';
    case 'area':
      return `${value} m²\n× ${formatDays(dayCount ?? 0)}`;
    case 'units':
      return `${value} ${milli === 1000 ? 'Einheit' : 'Einheiten'}\n× ${formatDays(dayCount ?? 0)}`;
    case 'mea':
      return `${value} MEA\n× ${formatDays(dayCount ?? 0)}`;
    case 'persons':
      return `${value} Personen-\ntage`;
    case 'consumption':
      return value;
    case 'direct':
      return '–';
  }
}

function percentOf(cost: CostResult, row: ShareRow): number {
  // heating rows combine consumption and area parts: the share of the amount is what can be shown
  if (isHeatingKey(cost.key)) {
    return cost.amountCents > 0
      ? Number(divideRoundHalfUp(BigInt(row.shareCents) * 10_000n, BigInt(cost.amountCents)))
      : 0;
  }
  if (cost.key === 'direct') return row.shareCents > 0 ? 10_000 : 0;
  if (cost.totalWeight === 0) return 0;
  const weight =
    cost.key === 'persons'
      ? (row.unitsMilli ?? 0) / 1000
      : cost.key === 'consumption'
        ? (row.unitsMilli ?? 0)
        : (row.unitsMilli ?? 0) * (row.days ?? 0);
  return Number(divideRoundHalfUp(BigInt(weight) * 10_000n, BigInt(cost.totalWeight)));
}

/**
 * A row's units; a cost by consumption from the meters prints the meters' unit, and the tenant's
 * row the numbers of his flat's meters.
 */
function meteredUnits(
  source: LetterSource,
  cost: CostResult,
  row: ShareRow,
  unitId: string,
): { totalUnits: string; tenantUnits: string } {
  const consumption = source.entries.costs[cost.index]?.consumption;
  const computed = source.entries.heating?.computed;
  // heat meters count kWh; heat-cost allocators count units
  const heatUnit = computed?.heat.fromMeters ? 'kWh' : 'Einheiten';
  const plain = {
    totalUnits: unitsText(cost.key, cost.totalUnitsMilli, cost.totalDays, heatUnit),
    tenantUnits: unitsText(cost.key, row.unitsMilli, row.days, heatUnit),
  };
  const numbers = (kind: MeterKind) => {
    const own = (source.meters ?? []).filter(
      (m) => m.unitId === unitId && m.kind === kind && m.number !== '',
    );
    return own.length > 0 ? `\nZähler ${own.map((m) => m.number).join(', ')}` : '';
  };
  if (cost.key === 'heating' && computed?.heat.fromMeters) {
    return { ...plain, tenantUnits: `${plain.tenantUnits}${numbers('heat')}` };
  }
  if (cost.key === 'hot-water' && computed?.hotWater?.fromMeters) {
    return { ...plain, tenantUnits: `${plain.tenantUnits}${numbers('hot-water')}` };
  }
  if (cost.key !== 'consumption' || !consumption) return plain;
  if (!('meterKind' in consumption)) {
    const typed = CONSUMPTION_UNIT_LABELS[consumption.unit ?? 'units'];
    return { totalUnits: `${plain.totalUnits} ${typed}`, tenantUnits: `${plain.tenantUnits} ${typed}` };
  }
  const unit = METER_KIND_LABELS[consumption.meterKind].unit;
  return {
    totalUnits: `${plain.totalUnits} ${unit}`,
    tenantUnits: `${plain.tenantUnits} ${unit}${numbers(consumption.meterKind)}`,
  };
}

/** The key's name; a group's cost adds the group's name, so the tenant sees who shares it. */
function keyLabel(source: LetterSource, cost: CostResult): string {
  const service = source.entries.heating?.service;
  if ((cost.key === 'heating' || cost.key === 'hot-water') && source.entries.heating?.mode === 'service') {
    // the metering company's result: the row names it and its statement
    const dated = service?.statementDate ? ` vom ${formatDateDe(service.statementDate)}` : '';
    return `${KEY_LABELS[cost.key]}\nlaut ${service?.provider || 'Messdienst'}${dated}`;
  }
  if (!cost.unitIds) return KEY_LABELS[cost.key];
  const groupId = source.entries.costs[cost.index]?.costGroupId;
  const group = source.costGroups?.find((g) => g.id === groupId);
  const units = cost.unitIds.length === 1 ? '1 Einheit' : `${cost.unitIds.length} Einheiten`;
  return `${KEY_LABELS[cost.key]}\n${group ? `Gruppe „${group.name}“` : 'Gruppe'} (${units})`;
}

/** Letters in one preview: a house's letters of a few pages each, drawn within a PDF worker's time. */
export const LETTERS_PER_PREVIEW = 8;

/** A settlement's letter: the statement and, when costs have a labour part, the § 35a annex. */
export type SettlementLetterView = StatementView & {
  annex35a?: Annex35aView;
  heatingAnnex?: HeatingAnnexView;
};

export function settlementLetterView(
  source: LetterSource,
  result: SettlementResult,
  tenancyId: string,
  options: LetterOptions,
): SettlementLetterView {
  const tenancy = source.tenancies.find((t) => t.id === tenancyId);
  const outcome = result.tenancies.find((t) => t.tenancyId === tenancyId);
  if (!tenancy || !outcome) throw new Error(`tenancy ${tenancyId} has no statement in this settlement`);
  const unit = source.units.find((u) => u.id === tenancy.unitId);
  const landlord = letterSender(source.entries);
  const bank = source.entries.letter?.bank ?? null;
  const period = computePeriod(source.periodStart, source.periodEnd);

  // a group's cost is printed in the letters of the group's units only
  const concerned = (row: ShareRow) => result.costs[row.costIndex]?.unitIds?.includes(outcome.unitId) ?? true;
  const rows: StatementRow[] = outcome.rows.filter(concerned).map((row) => {
    const cost = result.costs[row.costIndex];
    if (!cost || (!isHeatingKey(cost.key) && !source.entries.costs[row.costIndex])) {
      throw new Error('row without its cost');
    }
    const percentHundredths = percentOf(cost, row);
    return {
      id: String(row.costIndex),
      name: rowName(cost, source.entries),
      // the single wizard's keys are its spec strings; a settlement prints its own labels
      allocationKey: 'Pauschal',
      keyLabel: keyLabel(source, cost),
      amountCents: cost.amountCents,
      amountText: formatCents(cost.amountCents),
      ...meteredUnits(source, cost, row, outcome.unitId),
      percentHundredths,
      // the CO2 relief row has no amount of its own to take a share of
      percent: cost.key === 'co2-relief' ? '–' : formatPercentHundredths(percentHundredths),
      shareCents: row.shareCents,
      shareText: formatCents(row.shareCents),
    };
  });
  const totalCostsCents = result.costs.reduce((s, c) => s + c.amountCents, 0);
  const differenceCents = outcome.balanceCents;
  const resultAmountCents = Math.abs(differenceCents);
  const bankDetails =
    bank && bank.iban !== ''
      ? { bank: bank.bank, iban: formatIban(bank.iban), bic: bank.bic, holder: bank.holder || landlord.name }
      : null;
  const dueDateIso = addDays(options.today, PAYMENT_DUE_DAYS);
  const dueDate = formatDateDe(dueDateIso);
  const cityLine = [source.property.postalCode, source.property.city].filter((p) => p !== '').join(' ');
  const occupancy = `${formatDateDe(outcome.start)} – ${formatDateDe(outcome.end)} (${formatDays(outcome.days)})`;
  const subject = subjectLine(period.label);
  const heatingAnnex = heatingAnnexView(source, result, tenancyId);
  const annex35a = annex35aView(result, source.entries, tenancyId, {
    tenantName: tenancy.tenant.name,
    objectLine: [source.property.street, cityLine, unit?.label ?? ''].filter((p) => p !== '').join(', '),
    periodStart: source.periodStart,
    periodEnd: source.periodEnd,
  });

  return {
    ...(annex35a ? { annex35a } : {}),
    ...(heatingAnnex ? { heatingAnnex } : {}),
    landlord: { ...landlord, lines: [landlord.name, landlord.street, landlord.city].filter((l) => l !== '') },
    tenant: {
      name: tenancy.tenant.name,
      street: tenancy.tenant.street,
      city: tenancy.tenant.city,
      lines: [tenancy.tenant.name, tenancy.tenant.street, tenancy.tenant.city].filter((l) => l !== ''),
    },
    senderLine: [landlord.name, landlord.street, landlord.city].filter((p) => p !== '').join(' · '),
    property: {
      street: source.property.street,
      postalCode: source.property.postalCode,
      city: source.property.city,
      typeLabel: '',
      floor: unit?.label ?? '',
      area: unit ? `${formatQuantity(unit.area)} m²` : '',
      usage: '',
      addressLine: [source.property.street, cityLine].filter((p) => p !== '').join(', '),
    },
    letterDate: formatDateDe(options.today),
    subject: options.corrects ? `Korrektur: ${subject}` : subject,
    period,
    daysInYear: period.daysInPeriod,
    daysInPeriod: period.daysInPeriod,
    monthsInPeriod: period.monthsInPeriod,
    rows,
    totalCostsCents,
    tenantTotalCents: outcome.totalCents,
    prepayment: { monthlyCents: 0, months: 0, totalCents: outcome.prepaymentCents },
    prepaymentCents: outcome.prepaymentCents,
    differenceCents,
    resultLabel: differenceCents >= 0 ? RESULT_LABELS.due : RESULT_LABELS.credit,
    resultAmountCents,
    resultText:
      differenceCents >= 0
        ? `Es ergibt sich eine Nachzahlung in Höhe von ${formatCents(resultAmountCents)}.`
        : // how the credit comes back to the tenant
          `Es ergibt sich ein Guthaben in Höhe von ${formatCents(resultAmountCents)}. Wir überweisen es Ihnen bis zum ${dueDate} auf das Konto, von dem Ihre Mietzahlungen kommen; nennen Sie uns bitte ein anderes, wenn Sie es dorthin erhalten möchten.`,
    bankDetails,
    paymentRequest:
      bankDetails && differenceCents > 0
        ? {
            ...bankDetails,
            amountCents: differenceCents,
            dueDate,
            dueDateIso,
            reference: paymentReference(Number(source.periodEnd.slice(0, 4)), tenancy.tenant.name),
            instruction: `Bitte überweisen Sie den Betrag von ${formatCents(differenceCents)} bis zum ${dueDate} auf das folgende Konto:`,
          }
        : null,
    greeting: salutationFor(tenancy.tenant.name),
    closing: CLOSING,
    includeSignature: true,
    signatureName: signatureName(landlord),
    legalNotice: LEGAL_NOTICE,
    warnings: [],
    settlement: {
      occupancy,
      prepaymentLabel: outcome.prepaymentEntered
        ? 'abzüglich Ihrer geleisteten Vorauszahlungen'
        : `abzüglich Ihrer Vorauszahlungen (anteilig für ${formatDays(outcome.days)})`,
      intro: options.corrects
        ? `Diese Abrechnung berichtigt unsere Abrechnung vom ${formatDateDe(options.corrects.finalizedOn)} und ersetzt sie.`
        : `nachfolgend erhalten Sie die Abrechnung der Betriebskosten für ${unit?.label ? `die Wohnung ${unit.label}` : 'Ihre Wohnung'} für Ihre Mietzeit vom ${occupancy}.`,
      tableNote:
        'Ihr Anteil je Position = Gesamtkosten × Ihre Einheiten × Ihre Tage ÷ (Gesamteinheiten × Tage des ' +
        'Zeitraums); bei Personentagen zählt ein leerstehender Tag als eine Person des Vermieters, beim ' +
        'Verbrauch der gemessene Wert. Cent-Beträge sind so gerundet, dass alle Anteile zusammen genau die ' +
        'Gesamtkosten ergeben; Leerstand trägt der Vermieter.' +
        co2Disclosure(result, outcome) +
        cutsNote(outcome),
    },
  };
}

/** The cuts the tenant may make by law, already taken off his heating rows (details in the annex). */
function cutsNote(outcome: TenancyResult): string {
  if (!outcome.cuts?.length) return '';
  const rows = { heating: 'Heizkosten', 'hot-water': 'Warmwasserkosten' } as const;
  const list = outcome.cuts.map(
    (c) => `${rows[c.key]} ${c.percent} % ${HEATING_CUT_LABELS[c.reason]}: ${formatCents(-c.cents)}`,
  );
  return `\n\nGesetzliche Kürzungen, bereits abgezogen (trägt der Vermieter): ${list.join('; ')}.`;
}

/** §7(3) CO2KostAufG: the tenant's CO2 share, the building's step and the inputs. */
function co2Disclosure(result: SettlementResult, outcome: TenancyResult): string {
  const co2 = result.heating?.co2;
  if (!co2 || !outcome.co2) return '';
  const step =
    co2.step === null
      ? 'Nichtwohngebäude: hälftige Aufteilung (§ 8 CO2KostAufG)'
      : `Stufe ${co2.step} der Anlage zum CO2KostAufG`;
  return (
    `\n\nCO2-Kosten (§ 7 Abs. 3 CO2KostAufG): Das Gebäude verursachte im Abrechnungszeitraum ` +
    `${formatQuantity(co2.kgMilli / 1000)} kg CO2 bei ${formatQuantity(co2.areaMilli / 1000)} m² Wohnfläche, ` +
    `also ${formatNumberDe(co2.kgPerM2Tenths / 10, 1)} kg CO2 je m² und Jahr (${step}). Der Vermieter trägt ` +
    `${formatQuantity(co2.landlordPermille / 10)} % der CO2-Kosten von ${formatCents(co2.costCents)}. ` +
    `Auf Sie entfallen CO2-Kosten von ${formatCents(outcome.co2.costCents)}; davon trägt der Vermieter ` +
    `${formatCents(outcome.co2.reliefCents)} (${
      co2.alreadyDeducted
        ? 'bereits in den Heizkosten laut Abrechnung des Messdienstes abgezogen'
        : 'Zeile „CO2-Kosten: Anteil des Vermieters“'
    }), Sie tragen ${formatCents(outcome.co2.tenantCents)}.`
  );
}
