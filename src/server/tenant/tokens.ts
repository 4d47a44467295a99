// How long the tenant page of a mailed letter stays open (its token: http/link-tokens.ts).

/** The 12 months of objection after receipt, and one to spare. */
export const LINK_MONTHS = 13;

export function linkExpiry(from: Date): Date {
  const end = new Date(from);
  end.setUTCMonth(end.getUTCMonth() + LINK_MONTHS);
  return end;
}
