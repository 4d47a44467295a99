// The accounts a DATEV Buchungsstapel books on, per chart (docs/domain/tax-year.md, "For the adviser").
// They are a proposal: the adviser decides the accounts, so each workspace can change every one.

import type { AccountKey, Chart } from '../vocabulary';

export type AccountMap = Record<AccountKey, number>;

export const ACCOUNT_LABELS: Record<AccountKey, string> = {
  bank: 'Bank',
  rent: 'Mieteinnahmen (Kaltmiete)',
  operatingCosts: 'Umlagen',
  deposits: 'Erhaltene Kautionen',
  passedOnCosts: 'Umgelegte Betriebskosten',
  repairs: 'Erhaltungsaufwand',
  otherCosts: 'Verwaltung, Kontoführung',
  sundryCosts: 'Sonstige Kosten',
};

export const DEFAULT_ACCOUNTS: Record<Chart, AccountMap> = {
  SKR03: {
    bank: 1200,
    rent: 2751,
    operatingCosts: 2750,
    deposits: 1732,
    passedOnCosts: 2350,
    repairs: 4260,
    otherCosts: 4970,
    sundryCosts: 4900,
  },
  SKR04: {
    bank: 1800,
    rent: 4861,
    operatingCosts: 4860,
    deposits: 3550,
    passedOnCosts: 6350,
    repairs: 6335,
    otherCosts: 6855,
    sundryCosts: 6300,
  },
};
