// The statement form data (spec §3 form_data): one structure, read three ways.
// - Requests (`statementFormSchema`, the step schemas): amounts arrive in euros as numbers or
//   German text and leave as integer cents; bad input is an error at the form field's path.
// - Stored data (`readStoredFormData`): version 1 holds cents; data without a version is read
//   like a request. Reading never fails: a damaged field falls back to its empty value.

import {
  ALLOCATION_KEY_VALUES,
  type AllocationKey,
  DEFAULT_ALLOCATION_KEY,
  DEFAULT_PROPERTY_TYPE,
  PROPERTY_TYPE_KEYS,
} from '../catalog';
import { isValidBic, isValidIban, normalizeBic, normalizeIban } from '../iban';
import { centsToInput, formatQuantity } from '../money';
import type { Party } from '../print-model';
import type { CostItem, StatementFormData } from '../statement/types';
import {
  countField,
  flagField,
  isoDateField,
  moneyField,
  type NumberInput,
  type NumberRule,
  periodInRange,
  quantityField,
  type TextInput,
  textField,
} from './fields';
import {
  INVALID_BIC,
  INVALID_IBAN,
  NO_COSTS,
  NOT_NEGATIVE,
  PERIOD_END_BEFORE_START,
  PERIOD_OUT_OF_RANGE,
  POSITIVE_AMOUNT,
  REQUIRED,
} from './messages';
import { z } from './zod';

export const FORM_DATA_VERSION = 1;

export const DEFAULT_GREETING_TEXT =
  'Sehr geehrte Damen und Herren,\n\nanbei erhalten Sie die Betriebskostenabrechnung für den oben ' +
  'genannten Abrechnungszeitraum. Bei Fragen zur Abrechnung stehe ich Ihnen gerne zur Verfügung.';

/** The string-valued shape a React form holds (amounts as "1.234,56", units as "75,5"). */
export interface CostItemInput {
  id: string;
  name: string;
  amount: string;
  allocationKey: AllocationKey;
  totalArea: string;
  tenantArea: string;
  totalConsumption: string;
  tenantConsumption: string;
  totalPeople: string;
  tenantPeople: string;
}

export interface StatementFormInput {
  version: 1;
  landlord: Party;
  tenant: Party;
  billingPeriod: { start: string; end: string };
  propertyAddress: Omit<StatementFormData['propertyAddress'], 'area'> & { area: string };
  selectedPropertyId: string | null;
  costs: CostItemInput[];
  bankDetails: { bank: string; iban: string; bic: string; holder: string };
  prepayments: { monthly: string; months: string; total: string };
  includeGreeting: boolean;
  greetingText: string;
  includeBankDetails: boolean;
  includeSignature: boolean;
}

const SHORT = 200;
const LONG = 5000;
const MAX_MONTHS = 120;
export const MAX_COSTS = 500;

/** How each kind of field is read; the request kit validates, the stored kits fall back. */
interface FieldKit {
  lenient: boolean;
  money(rule: NumberRule): z.ZodType<number | null, NumberInput>;
  quantity(rule: NumberRule): z.ZodType<number | null, NumberInput>;
  months(rule: NumberRule): z.ZodType<number | null, NumberInput>;
  text(max: number, required?: string): z.ZodType<string, TextInput>;
  date(required?: string): z.ZodType<string, TextInput>;
}

const requestKit: FieldKit = {
  lenient: false,
  money: (rule) => moneyField(rule),
  quantity: (rule) => quantityField(rule),
  months: (rule) =>
    countField({
      ...rule,
      min: { value: 0, message: 'Die Anzahl darf nicht negativ sein.' },
      max: { value: MAX_MONTHS, message: `Höchstens ${MAX_MONTHS} Monate.` },
    }),
  text: (max, required) => textField(max, required),
  date: (required) => isoDateField(required),
};

const legacyKit: FieldKit = {
  lenient: true,
  money: () => moneyField().catch(null),
  quantity: () => quantityField().catch(null),
  months: () => countField().catch(null),
  text: () => textField(100_000).catch(''),
  date: () => isoDateField().catch(''),
};

const storedInteger = z
  .number()
  .int()
  .nullish()
  .transform((v) => v ?? null)
  .catch(null);

const storedKit: FieldKit = {
  ...legacyKit,
  money: () => storedInteger,
  months: () => storedInteger,
};

/** An absent section parses as {} so that its fields take their defaults. */
function section<T extends z.ZodType>(kit: FieldKit, schema: T) {
  const withDefault = schema.prefault({} as z.input<T>);
  return kit.lenient ? withDefault.catch(() => schema.parse({})) : withDefault;
}

function partySchema(kit: FieldKit, required: boolean) {
  const req = required ? REQUIRED : undefined;
  return section(
    kit,
    z.object({ name: kit.text(SHORT, req), street: kit.text(SHORT, req), city: kit.text(SHORT, req) }),
  );
}

function periodSchema(kit: FieldKit, required: boolean) {
  const req = required ? REQUIRED : undefined;
  const period = z.object({ start: kit.date(req), end: kit.date(req) });
  if (kit.lenient) return section(kit, period);
  return section(
    kit,
    period.superRefine((p, ctx) => {
      for (const key of ['start', 'end'] as const) {
        if (p[key] && !periodInRange(p[key])) {
          ctx.addIssue({ code: 'custom', message: PERIOD_OUT_OF_RANGE, path: [key], input: p[key] });
        }
      }
      if (p.start && p.end && p.end < p.start) {
        ctx.addIssue({ code: 'custom', message: PERIOD_END_BEFORE_START, path: ['end'], input: p.end });
      }
    }),
  );
}

function enumField<const T extends readonly [string, ...string[]]>(
  kit: FieldKit,
  values: T,
  fallback: T[number] | '',
  normalize: (v: string) => string = (v) => v,
) {
  const schema = z
    .string()
    .nullish()
    .transform((v) => (v == null || v === '' ? fallback : normalize(v)))
    .pipe(z.union([z.enum(values), z.literal('')]));
  return kit.lenient ? schema.catch(fallback) : schema;
}

function addressSchema(kit: FieldKit) {
  return section(
    kit,
    z.object({
      street: kit.text(SHORT),
      postalCode: kit.text(SHORT),
      city: kit.text(SHORT),
      type: enumField(kit, PROPERTY_TYPE_KEYS, ''),
      floor: kit.text(SHORT),
      area: kit.quantity({ min: { value: 0, message: 'Die Fläche darf nicht negativ sein.' } }),
      usage: kit.text(SHORT),
    }),
  );
}

// Old data may carry the display labels ('m²') instead of the stored values ('m2').
const allocationKeyAlias = (v: string) => v.replace('²', '2').replace('³', '3');

function costItemSchema(kit: FieldKit, required: boolean) {
  const units = () => kit.quantity({ min: { value: 0, message: 'Der Wert darf nicht negativ sein.' } });
  const allocationKey = enumField(kit, ALLOCATION_KEY_VALUES, DEFAULT_ALLOCATION_KEY, allocationKeyAlias);
  return section(
    kit,
    z.object({
      id: z
        .union([z.string(), z.number()])
        .nullish()
        .transform((v) => (v == null ? '' : String(v).slice(0, SHORT)))
        .catch(''),
      name: kit.text(SHORT, required ? REQUIRED : undefined),
      amount: kit.money(
        required
          ? { required: POSITIVE_AMOUNT, min: { value: 0, exclusive: true, message: POSITIVE_AMOUNT } }
          : { min: { value: 0, message: POSITIVE_AMOUNT } },
      ),
      // '' cannot occur after the fallback; narrow it away for the type.
      allocationKey: allocationKey.transform((k) => k || DEFAULT_ALLOCATION_KEY),
      totalArea: units(),
      tenantArea: units(),
      totalConsumption: units(),
      tenantConsumption: units(),
      totalPeople: units(),
      tenantPeople: units(),
    }),
  );
}

function costsSchema(kit: FieldKit, required: boolean) {
  const list = z
    .array(costItemSchema(kit, required))
    .max(MAX_COSTS, `Höchstens ${MAX_COSTS} Kostenpositionen.`);
  if (kit.lenient) return list.catch([]);
  return (required ? list.min(1, NO_COSTS.description) : list).prefault([]);
}

function prepaymentsSchema(kit: FieldKit, required: boolean) {
  const req = required ? REQUIRED : undefined;
  return section(
    kit,
    z.object({
      monthly: kit.money({ required: req, min: { value: 0, message: NOT_NEGATIVE } }),
      months: kit.months({ required: req }),
      // Recomputed from monthly × months; whatever the client sent is ignored.
      total: z.unknown().optional(),
    }),
  );
}

function bankField(
  kit: FieldKit,
  normalize: (v: string) => string,
  valid: (v: string) => boolean,
  message: string,
) {
  const field = kit.text(SHORT).transform((v) => normalize(v));
  if (kit.lenient) return field;
  return field.refine((v) => v === '' || valid(v), message);
}

function bankSchema(kit: FieldKit) {
  return section(
    kit,
    z.object({
      bank: kit.text(SHORT),
      iban: bankField(kit, normalizeIban, isValidIban, INVALID_IBAN),
      bic: bankField(kit, normalizeBic, isValidBic, INVALID_BIC),
      holder: kit.text(SHORT),
    }),
  );
}

function flag(kit: FieldKit, defaultValue: boolean) {
  return kit.lenient ? flagField(defaultValue).catch(defaultValue) : flagField(defaultValue);
}

function optionalId(kit: FieldKit) {
  const id = z
    .union([z.string(), z.number()])
    .nullish()
    .transform((v) => (v == null || v === '' ? null : String(v)));
  return kit.lenient ? id.catch(null) : id;
}

function step3Shape(kit: FieldKit) {
  return {
    bankDetails: bankSchema(kit),
    includeGreeting: flag(kit, false),
    greetingText: kit.lenient
      ? textField(100_000)
          .transform((v) => v || DEFAULT_GREETING_TEXT)
          .catch(DEFAULT_GREETING_TEXT)
      : textField(LONG).transform((v) => v || DEFAULT_GREETING_TEXT),
    includeBankDetails: flag(kit, true),
    includeSignature: flag(kit, true),
  };
}

function step1Shape(kit: FieldKit, required: boolean) {
  return {
    landlord: partySchema(kit, required),
    tenant: partySchema(kit, required),
    billingPeriod: periodSchema(kit, required),
    propertyAddress: addressSchema(kit),
    selectedPropertyId: optionalId(kit),
  };
}

function step2Shape(kit: FieldKit, required: boolean) {
  return { costs: costsSchema(kit, required), prepayments: prepaymentsSchema(kit, required) };
}

function formSchema(kit: FieldKit, required: boolean) {
  return z
    .object({
      version: kit.lenient ? z.unknown().optional() : z.literal(FORM_DATA_VERSION).optional(),
      ...step1Shape(kit, required),
      ...step2Shape(kit, required),
      ...step3Shape(kit),
    })
    .transform(({ version: _version, ...d }): StatementFormData => {
      const { monthly, months } = d.prepayments;
      return {
        version: FORM_DATA_VERSION,
        ...d,
        costs: d.costs.map((c, i) => ({ ...c, id: c.id || `cost-${i + 1}` })),
        prepayments: { monthly, months, total: (monthly ?? 0) * (months ?? 0) },
      };
    });
}

/** Request body: tolerant of drafts (empty fields allowed), strict about malformed values. */
export const statementFormSchema = formSchema(requestKit, false);
/** Everything the wizard requires (steps 1 and 2); for final statements. */
export const completeStatementFormSchema = formSchema(requestKit, true);

/** Wizard step 1 (spec §5): the parties and the period are required ('Pflichtfeld'). */
export const step1Schema = z.looseObject(step1Shape(requestKit, true));
/** Wizard step 2 (spec §5): at least one cost, each named with a positive amount; prepayments. */
export const step2Schema = z.looseObject(step2Shape(requestKit, true));
/** Wizard step 3: nothing is required; an IBAN or BIC that is entered must be valid. */
export const step3Schema = z.looseObject(step3Shape(requestKit));

const storedV1Schema = formSchema(storedKit, false);
const legacySchema = formSchema(legacyKit, false);

/** Reads form data from storage, whichever client wrote it. Never throws. */
export function readStoredFormData(raw: unknown): StatementFormData {
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw)) return emptyStatementForm();
  const schema = 'version' in raw && raw.version === FORM_DATA_VERSION ? storedV1Schema : legacySchema;
  const result = schema.safeParse(raw);
  return result.success ? result.data : emptyStatementForm();
}

export function emptyStatementForm(): StatementFormData {
  return {
    version: FORM_DATA_VERSION,
    landlord: { name: '', street: '', city: '' },
    tenant: { name: '', street: '', city: '' },
    billingPeriod: { start: '', end: '' },
    propertyAddress: {
      street: '',
      postalCode: '',
      city: '',
      type: DEFAULT_PROPERTY_TYPE,
      floor: '',
      area: null,
      usage: '',
    },
    selectedPropertyId: null,
    costs: [],
    bankDetails: { bank: '', iban: '', bic: '', holder: '' },
    prepayments: { monthly: null, months: null, total: 0 },
    includeGreeting: false,
    greetingText: DEFAULT_GREETING_TEXT,
    includeBankDetails: true,
    includeSignature: true,
  };
}

/** A new cost position as the wizard appends it: Pauschal, empty amount. */
export function newCostItem(id: string, name = ''): CostItem {
  return {
    id,
    name,
    amount: null,
    allocationKey: DEFAULT_ALLOCATION_KEY,
    totalArea: null,
    tenantArea: null,
    totalConsumption: null,
    tenantConsumption: null,
    totalPeople: null,
    tenantPeople: null,
  };
}

const moneyInput = (cents: number | null) => (cents === null ? '' : centsToInput(cents));
const quantityInput = (value: number | null) => (value === null ? '' : formatQuantity(value));

export function costItemToInput(c: CostItem): CostItemInput {
  return {
    id: c.id,
    name: c.name,
    amount: moneyInput(c.amount),
    allocationKey: c.allocationKey,
    totalArea: quantityInput(c.totalArea),
    tenantArea: quantityInput(c.tenantArea),
    totalConsumption: quantityInput(c.totalConsumption),
    tenantConsumption: quantityInput(c.tenantConsumption),
    totalPeople: quantityInput(c.totalPeople),
    tenantPeople: quantityInput(c.tenantPeople),
  };
}

/** Canonical data → the values of the React form. `statementFormSchema` parses them back. */
export function toFormInput(data: StatementFormData): StatementFormInput {
  const { monthly, months, total } = data.prepayments;
  return {
    ...data,
    propertyAddress: { ...data.propertyAddress, area: quantityInput(data.propertyAddress.area) },
    costs: data.costs.map(costItemToInput),
    prepayments: {
      monthly: moneyInput(monthly),
      months: months === null ? '' : String(months),
      total: centsToInput(total),
    },
  };
}

/** Sum of all cost amounts in cents (the statement's `total` column). */
export function totalCostsCents(data: StatementFormData): number {
  return data.costs.reduce((sum, c) => sum + (c.amount ?? 0), 0);
}
