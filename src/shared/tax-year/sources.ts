// What a figure of the tax year sums: one shape for a bank line's part, a receipt, a loan's interest, the
// AfA and a deposit set off, so every figure opens its working the same way.

export type SourceKind = 'bank' | 'receipt' | 'loan' | 'depreciation' | 'deposit';

export interface TaxSource {
  kind: SourceKind;
  /** The bank line, receipt, loan or tenancy; null for the AfA. */
  id: string | null;
  /** The day it was received or paid; null where it has none (AfA, a loan's year). */
  date: string | null;
  /** The tenant, issuer or lender. */
  party: string;
  /** The month a rent part paid ("2025-03"); null otherwise. */
  month: string | null;
  cents: number;
  /** The whole payment where the line takes only a year's part of it (spread Erhaltungsaufwand); else null. */
  paidCents: number | null;
  /** Why it counts as it does, where that needs saying (10-day rule, a guessed day, how it was computed). */
  note: string | null;
}
