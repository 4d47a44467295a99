// The settlement editor's form (strings as typed, German notation) and its conversion into the
// request body: tolerant while typing (live figures never throw), strict before saving.

import { canonicalJson } from '../../../../shared/canonical-json';
import { centsToInput, formatQuantity, parseMoney, parseQuantity } from '../../../../shared/money';
import type { CostDocumentsJson } from '../../../../shared/schemas/delivery';
import { settlementInputSchema } from '../../../../shared/schemas/settlement';
import type { MeterKind } from '../../../../shared/vocabulary';
import type { Typed } from '../../../lib/typed';
import type { Settlement, SettlementBody } from '../api';
import { type HeatingFormValues, heatingFormPath, heatingToForm, readHeating } from './heating/heatingForm';
import { type LabourFormValues, labourToForm, readLabour } from './labourForm';

type CostBody = SettlementBody['costs'][number];
type TypedConsumption = Extract<NonNullable<CostBody['consumption']>, { totalUnits: number }>;

/**
 * A cost as typed (Typed: "1.234,56" for `amountCents`). Key `consumption`: the building's total
 * and each tenancy's reading; key `direct`: the tenancy's id, or ''.
 */
export type CostFormValues = Omit<Typed<CostBody>, 'labour35a' | 'consumption'> & {
  /** The readings as typed; or, with `meterKind` chosen, the meters of that kind count. */
  consumption: Typed<TypedConsumption> & { meterKind: '' | MeterKind };
  /** § 35a EStG: the labour part; absent reads as none. */
  labour35a?: LabourFormValues;
  /**
   * The receipts (document ids) attached to the cost. Not part of the body: saved beside it per
   * position (PUT …/costs/{index}/documents), so they move with the cost when another is removed.
   */
  documentIds?: string[];
};

/** The settlement as typed; `prepaymentsPaid`: per tenancy the euros actually paid, '' keeps the agreed ones. */
export type SettlementFormValues = Omit<Typed<SettlementBody>, 'costs' | 'heating'> & {
  costs: CostFormValues[];
  /** Heating, hot water and CO2 (heatingForm.ts); absent reads as none. */
  heating?: HeatingFormValues;
};

/** A sender with nothing typed. */
export const emptySender = () => ({ name: '', street: '', city: '', phone: '', email: '', signature: '' });

export function emptyCost(name = ''): CostFormValues {
  return {
    name,
    amount: '',
    key: 'area',
    consumption: { totalUnits: '', byTenancy: {}, unit: 'units', meterKind: '' },
    tenancyId: '',
    costGroupId: '',
    unitIds: [],
  };
}

const mapValues = <T, U>(record: Record<string, T>, f: (value: T) => U): Record<string, U> =>
  Object.fromEntries(Object.entries(record).map(([k, v]) => [k, f(v)]));

export function toFormValues(s: Settlement, receipts: CostDocumentsJson = []): SettlementFormValues {
  const bank = s.letter?.bank;
  const attached = receiptsByIndex(receipts);
  return {
    periodStart: s.periodStart,
    periodEnd: s.periodEnd,
    costs: s.costs.map((c, i) => ({
      name: c.name,
      // a copied cost starts empty (0 is last year's emptied amount): typed, not cleared first
      amount: c.amountCents === 0 ? '' : centsToInput(c.amountCents),
      key: c.key,
      consumption:
        c.consumption && 'meterKind' in c.consumption
          ? { totalUnits: '', byTenancy: {}, unit: 'units', meterKind: c.consumption.meterKind }
          : {
              totalUnits: c.consumption ? formatQuantity(c.consumption.totalUnits) : '',
              byTenancy: mapValues(c.consumption?.byTenancy ?? {}, formatQuantity),
              unit: c.consumption?.unit ?? 'units',
              meterKind: '',
            },
      tenancyId: c.tenancyId ?? '',
      costGroupId: c.costGroupId ?? '',
      unitIds: c.unitIds ?? [],
      ...(c.labour35a ? { labour35a: labourToForm(c.labour35a) } : {}),
      documentIds: attached[i] ?? [],
    })),
    prepaymentsPaid: mapValues(s.prepaymentsPaidCents ?? {}, centsToInput),
    letter: {
      landlord: { ...emptySender(), ...s.letter?.landlord },
      bank: bank ?? { holder: '', iban: '', bic: '', bank: '' },
    },
    heating: heatingToForm(s.heating),
  };
}

/** Form field path → German message, for the fields that cannot be read. */
export type FieldMessages = Record<string, string>;

/**
 * The body the form stands for. `strict` collects a message per unreadable field; otherwise an
 * unreadable amount counts as 0 and an unreadable reading as missing, so the figures follow typing.
 */
function readBody(values: SettlementFormValues, fields: FieldMessages | null): SettlementBody {
  // a reading input registered before it held a value may still be undefined in the form's state
  const text = (value: string | undefined) => value ?? '';
  const money = (path: string, typed: string, credit = false): number => {
    const parsed = parseMoney(typed);
    if (parsed.ok && (credit || parsed.cents >= 0)) return parsed.cents;
    if (fields) fields[path] = parsed.ok ? 'Der Betrag darf nicht negativ sein.' : parsed.message;
    return 0;
  };
  const quantity = (path: string, typed: string): number | undefined => {
    if (typed.trim() === '' && !fields) return undefined;
    const parsed = parseQuantity(typed);
    if (parsed.ok && parsed.milli >= 0) return parsed.value;
    if (fields) fields[path] = parsed.ok ? 'Der Wert darf nicht negativ sein.' : parsed.message;
    return undefined;
  };

  const costs = values.costs.map((c, i): SettlementBody['costs'][number] => {
    const base = {
      name: c.name.trim(),
      // a negative amount is a credit note (a refund of the period)
      amountCents: money(`costs.${i}.amount`, c.amount, true),
      key: c.key,
      // a cost saved before groups existed has neither in the form's state until one is chosen
      ...(c.costGroupId ? { costGroupId: c.costGroupId } : {}),
      ...(!c.costGroupId && c.unitIds?.length ? { unitIds: c.unitIds } : {}),
      ...readLabour(c.labour35a, i, fields ? (path, message) => (fields[path] ??= message) : null),
    };
    if (c.key === 'consumption' && c.consumption.meterKind) {
      return { ...base, consumption: { source: 'meters' as const, meterKind: c.consumption.meterKind } };
    }
    if (c.key === 'consumption') {
      const byTenancy: Record<string, number> = {};
      for (const [id, reading] of Object.entries(c.consumption.byTenancy)) {
        // an empty reading is a missing one (the engine warns), also when saving
        if (text(reading).trim() === '') continue;
        const value = quantity(`costs.${i}.consumption.byTenancy.${id}`, text(reading));
        if (value !== undefined) byTenancy[id] = value;
      }
      const totalUnits = quantity(`costs.${i}.consumption.totalUnits`, c.consumption.totalUnits) ?? 0;
      // "Einheiten" is what a consumption without unit counts
      const unit = c.consumption.unit === 'units' ? {} : { unit: c.consumption.unit };
      return { ...base, consumption: { totalUnits, byTenancy, ...unit } };
    }
    if (c.key === 'direct') return c.tenancyId ? { ...base, tenancyId: c.tenancyId } : base;
    return base;
  });

  const paid: Record<string, number> = {};
  for (const [id, amount] of Object.entries(values.prepaymentsPaid)) {
    if (text(amount).trim() !== '') paid[id] = money(`prepaymentsPaid.${id}`, text(amount));
  }

  const { landlord, bank } = values.letter;
  const hasBank = Object.values(bank).some((v) => v.trim() !== '');
  const heating = readHeating(values.heating, {
    strict: fields !== null,
    fail: (path, message) => {
      if (fields) fields[path] ??= message;
    },
    money: (path, typed) => money(path, text(typed)),
    quantity: (path, typed) => quantity(path, text(typed)),
  });
  return {
    periodStart: values.periodStart,
    periodEnd: values.periodEnd,
    costs,
    ...(Object.keys(paid).length > 0 ? { prepaymentsPaidCents: paid } : {}),
    letter: { landlord, bank: hasBank ? bank : null },
    ...(heating ? { heating } : {}),
  };
}

/** What the figures are computed from while the landlord types. */
export function liveBody(values: SettlementFormValues): SettlementBody {
  return readBody(values, null);
}

/** A request field's path as the form names it (amounts are typed in euros under other names). */
export function formPathOf(requestPath: string): string {
  return heatingFormPath(requestPath)
    .replace(/^(costs\.\d+)\.amountCents$/, '$1.amount')
    .replace(/^(costs\.\d+)\.consumption$/, '$1.consumption.totalUnits')
    .replace(/^(costs\.\d+\.labour35a)\.(amountCents|percent)$/, '$1.value')
    .replace(/^prepaymentsPaidCents\./, 'prepaymentsPaid.');
}

/** The body to save, or the German message of every field that is wrong, by form path. */
export function bodyToSave(
  values: SettlementFormValues,
): { ok: true; body: SettlementBody } | { ok: false; fields: FieldMessages } {
  const fields: FieldMessages = {};
  const body = readBody(values, fields);
  // the request schema's own checks and messages (names, period, IBAN), before any round trip
  const parsed = settlementInputSchema.safeParse(body);
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const path = formPathOf(issue.path.join('.'));
      fields[path] ??= issue.message;
    }
  }
  return Object.keys(fields).length > 0 ? { ok: false, fields } : { ok: true, body };
}

/**
 * Whether the form holds anything but the saved settlement: what saving would send, so "840" and
 * "840,00" or an emptied reading that was never saved count as unchanged, and anything unreadable as changed.
 */
export function differsFrom(values: SettlementFormValues, saved: Settlement): boolean {
  const now = bodyToSave(values);
  const before = bodyToSave(toFormValues(saved));
  return !now.ok || !before.ok || canonicalJson(now.body) !== canonicalJson(before.body);
}

/** The attached document ids by cost index, as the server lists them. */
export function receiptsByIndex(receipts: CostDocumentsJson): string[][] {
  const byIndex: string[][] = [];
  for (const c of receipts) byIndex[c.costIndex] = c.documents.map((d) => d.id);
  return byIndex;
}

const sameIds = (a: readonly string[], b: readonly string[]) =>
  a.length === b.length && [...a].sort().join() === [...b].sort().join();

/** The cost positions whose receipts in the form differ from the saved ones: what saving must send. */
export function changedReceipts(
  values: SettlementFormValues,
  receipts: CostDocumentsJson,
): Array<{ index: number; documentIds: string[] }> {
  const saved = receiptsByIndex(receipts);
  return values.costs.flatMap((c, index) => {
    const documentIds = c.documentIds ?? [];
    return sameIds(documentIds, saved[index] ?? []) ? [] : [{ index, documentIds }];
  });
}
