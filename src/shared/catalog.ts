// The business constants of the spec, one table each. Import from here; never copy values.

import { formatCents } from './money';

export const PROPERTY_TYPES = [
  { key: 'einfamilienhaus', label: 'Einfamilienhaus' },
  { key: 'mehrfamilienhaus', label: 'Mehrfamilienhaus' },
  { key: 'eigentumswohnung', label: 'Eigentumswohnung' },
  { key: 'mietwohnung', label: 'Mietwohnung' },
  { key: 'buero', label: 'Bürogebäude' },
  { key: 'einzelhandel', label: 'Einzelhandel' },
  { key: 'lager', label: 'Lager/Industrie' },
  { key: 'gastronomie', label: 'Gastronomie' },
] as const;

export type PropertyType = (typeof PROPERTY_TYPES)[number]['key'];
export const PROPERTY_TYPE_KEYS = PROPERTY_TYPES.map((t) => t.key) as [PropertyType, ...PropertyType[]];
export const DEFAULT_PROPERTY_TYPE: PropertyType = 'mehrfamilienhaus';

/** Label of a property type key; unknown keys (e.g. from old data) are shown as they are. */
export function propertyTypeLabel(key: string): string {
  return PROPERTY_TYPES.find((t) => t.key === key)?.label ?? key;
}

export const COST_PRESETS = [
  'Grundsteuer',
  'Wasserversorgung',
  'Abwasser',
  'Heizkosten',
  'Warmwasser',
  'Aufzug',
  'Straßenreinigung',
  'Müllabfuhr',
  'Gebäudereinigung',
  'Gartenpflege',
  'Beleuchtung',
  'Schornsteinreinigung',
  'Versicherungen',
  'Hauswart',
  'Gemeinschaftsantenne',
  'Sonstige Betriebskosten',
] as const;
export type CostPreset = (typeof COST_PRESETS)[number];

/**
 * A house's usual key for a preset, set when the preset is chosen and editable per cost.
 * Heating and hot water have a section of their own.
 */
export const USUAL_KEYS: Partial<Record<CostPreset, 'area' | 'units' | 'persons'>> = {
  Grundsteuer: 'area',
  Wasserversorgung: 'persons',
  Abwasser: 'persons',
  Müllabfuhr: 'persons',
  Aufzug: 'units',
  Beleuchtung: 'units',
  Gemeinschaftsantenne: 'units',
  Straßenreinigung: 'area',
  Gebäudereinigung: 'area',
  Gartenpflege: 'area',
  Schornsteinreinigung: 'area',
  Versicherungen: 'area',
  Hauswart: 'area',
  'Sonstige Betriebskosten': 'area',
};

/** The usual key of a cost named like a preset, or undefined. */
export function usualKey(name: string) {
  return USUAL_KEYS[name.trim() as CostPreset];
}

/**
 * Allocation keys. `value` is the exact spec string stored in form data; `label` is for display.
 * `kind` names the pair of unit fields a cost item uses for this key (null: the full amount).
 */
export const ALLOCATION_KEYS = [
  { value: 'Pauschal', label: 'Pauschal', kind: null, unit: '' },
  { value: 'Wohnfläche in m2', label: 'Wohnfläche in m²', kind: 'area', unit: 'm²' },
  { value: 'Verbrauch in m3', label: 'Verbrauch in m³', kind: 'consumption', unit: 'm³' },
  { value: 'Personen', label: 'Personen', kind: 'people', unit: 'Personen' },
] as const;

export type AllocationKey = (typeof ALLOCATION_KEYS)[number]['value'];
export type AllocationKind = NonNullable<(typeof ALLOCATION_KEYS)[number]['kind']>;
export const ALLOCATION_KEY_VALUES = ALLOCATION_KEYS.map((k) => k.value) as [
  AllocationKey,
  ...AllocationKey[],
];
export const DEFAULT_ALLOCATION_KEY: AllocationKey = 'Pauschal';

export function allocationKeyInfo(value: AllocationKey): (typeof ALLOCATION_KEYS)[number] {
  const info = ALLOCATION_KEYS.find((k) => k.value === value);
  if (!info) throw new Error(`Unknown allocation key: ${value}`);
  return info;
}

export const STATEMENT_STATUSES = [
  { value: 'Entwurf', color: 'gray' },
  { value: 'Erstellt', color: 'blue' },
  { value: 'Versendet', color: 'orange' },
  { value: 'Beglichen', color: 'green' },
] as const;

export type StatementStatus = (typeof STATEMENT_STATUSES)[number]['value'];
export type StatusColor = (typeof STATEMENT_STATUSES)[number]['color'];
export const STATEMENT_STATUS_VALUES = STATEMENT_STATUSES.map((s) => s.value) as [
  StatementStatus,
  ...StatementStatus[],
];
export const DEFAULT_STATEMENT_STATUS: StatementStatus = 'Entwurf';

export const DOCUMENT_TYPES = ['Rechnung', 'Vertrag', 'Protokoll', 'Reparatur', 'Sonstiges'] as const;
export type DocumentType = (typeof DOCUMENT_TYPES)[number];
export const DEFAULT_DOCUMENT_TYPE: DocumentType = 'Sonstiges';

export type CreditPackageId = 'starter' | 'standard' | 'professional';

export interface CreditPackage {
  id: CreditPackageId;
  /** Name on the landing page. */
  name: string;
  /** Name on the dashboard paywall (spec: the Starter package is 'Einzelabrechnung' there). */
  paywallName: string;
  priceCents: number;
  credits: number;
  isPopular: boolean;
  description: string;
  features: readonly string[];
  /** Price id used when no provider price id is configured. */
  defaultPriceId: string;
}

/** Landing page and paywall packages in price id order (first, second, third). */
export const CREDIT_PACKAGES: readonly CreditPackage[] = [
  {
    id: 'starter',
    name: 'Starter',
    paywallName: 'Einzelabrechnung',
    priceCents: 990,
    credits: 1,
    isPopular: false,
    description: 'Ideal für eine einzelne Wohnung',
    features: ['1 Nebenkostenabrechnung', 'Rechtssicheres PDF ohne Wasserzeichen', 'Alle Kostenpositionen'],
    defaultPriceId: 'price_umlage_starter',
  },
  {
    id: 'standard',
    name: 'Standard',
    paywallName: 'Standard',
    priceCents: 1880,
    credits: 2,
    isPopular: true,
    description: 'Für zwei Mietparteien',
    features: ['2 Nebenkostenabrechnungen', 'Rechtssichere PDFs ohne Wasserzeichen', 'Alle Kostenpositionen'],
    defaultPriceId: 'price_umlage_standard',
  },
  {
    id: 'professional',
    name: 'Professional',
    paywallName: 'Professional',
    priceCents: 3990,
    credits: 5,
    isPopular: false,
    description: 'Für Vermieter mit mehreren Einheiten',
    features: ['5 Nebenkostenabrechnungen', 'Rechtssichere PDFs ohne Wasserzeichen', 'Alle Kostenpositionen'],
    defaultPriceId: 'price_umlage_professional',
  },
];

export interface PackageSaving {
  /** Against buying the same number of statements one by one at the single price. */
  totalCents: number;
  perStatementCents: number;
  /** Of the single-price total, rounded to whole percent. */
  percent: number;
}

/**
 * What a package really saves against the single statement's price (ADR 0010: there is no
 * "regular price" to cross out, so this is the only saving we claim). Zero for the single package.
 */
export function packageSaving(pkg: Pick<CreditPackage, 'priceCents' | 'credits'>): PackageSaving {
  const single = CREDIT_PACKAGES.find((p) => p.credits === 1);
  if (!single) throw new Error('The catalog has no single-statement package');
  const singlesCents = single.priceCents * pkg.credits;
  const totalCents = Math.max(0, singlesCents - pkg.priceCents);
  return {
    totalCents,
    perStatementCents: Math.floor(totalCents / pkg.credits),
    percent: Math.floor((totalCents / singlesCents) * 100),
  };
}

/** The paywall's line about the saving per statement, or null when there is none. */
export function paywallNote(pkg: Pick<CreditPackage, 'priceCents' | 'credits'>): string | null {
  const { perStatementCents } = packageSaving(pkg);
  return perStatementCents > 0 ? `${formatCents(perStatementCents)} pro Abrechnung gespart` : null;
}

export function creditPackageById(id: CreditPackageId): CreditPackage {
  const pkg = CREDIT_PACKAGES.find((p) => p.id === id);
  if (!pkg) throw new Error(`Unknown credit package: ${id}`);
  return pkg;
}

/** A package bought several times in one checkout. */
export interface PackageLine<P extends Pick<CreditPackage, 'priceCents' | 'credits'> = CreditPackage> {
  pkg: P;
  quantity: number;
}

/** At most this many credits are bought in one checkout for a settlement (ADR 0023). */
export const MAX_CREDITS_PER_CHECKOUT = 200;

/**
 * The cheapest packages that give at least `needed` credits (6 letters were two checkouts),
 * largest package first; of equal prices the one with fewer credits left over. 6 with packs of
 * 1/2/5 at 9,90/18,80/39,90 € → 5 + 1 (49,80 €); 4 → 2 + 2 (37,60 €) rather than 5 (39,90 €).
 */
export function cheapestPackages<P extends Pick<CreditPackage, 'priceCents' | 'credits'>>(
  packages: readonly P[],
  needed: number,
): PackageLine<P>[] {
  if (needed < 1 || packages.length === 0) return [];
  const largest = Math.max(...packages.map((p) => p.credits));
  const limit = needed + largest;
  // best[c]: the cheapest way to exactly c credits (price, then the package added last)
  const best: Array<{ cents: number; last: P | null } | undefined> = [{ cents: 0, last: null }];
  for (let c = 1; c <= limit; c++) {
    for (const p of packages) {
      const before = best[c - p.credits];
      if (p.credits > c || !before) continue;
      const cents = before.cents + p.priceCents;
      if (!best[c] || cents < (best[c]?.cents ?? Infinity)) best[c] = { cents, last: p };
    }
  }
  let pick = needed;
  for (let c = needed; c <= limit; c++) {
    if ((best[c]?.cents ?? Infinity) < (best[pick]?.cents ?? Infinity)) pick = c;
  }
  const counts = new Map<P, number>();
  for (let c = pick; c > 0; ) {
    const last = best[c]?.last;
    if (!last) break;
    counts.set(last, (counts.get(last) ?? 0) + 1);
    c -= last.credits;
  }
  return [...counts]
    .map(([pkg, quantity]) => ({ pkg, quantity }))
    .sort((a, b) => b.pkg.credits - a.pkg.credits);
}

/** The per-statement plan of the paywall link (spec: plan=Einzelabrechnung, price 9.99€). */
export const PAYWALL_SINGLE_PLAN = { plan: 'Einzelabrechnung', price: '9.99€' } as const;

export const FILE_LIMITS = {
  maxBytes: 10 * 1024 * 1024,
  maxLabel: '10MB',
  mimeTypes: ['application/pdf', 'image/jpeg', 'image/png', 'application/xml'],
  extensions: ['.pdf', '.jpg', '.jpeg', '.png', '.xml'],
} as const;

export const PASSWORD_MIN = { registration: 8, change: 6 } as const;
