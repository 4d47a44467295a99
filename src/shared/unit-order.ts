// The order a house's units are listed, computed and printed in: by floor from the cellar
// up to the roof, then by label in natural order ("OG 2" before "OG 10"). Everything that follows the
// units (tenancies, letters, the ZIP, the delivery list, the cent a tie gives) follows this order, the
// same in every account.

/** A floor's height: cellar −1, ground 0, the n-th upper floor n, the attic above all; unknown last. */
export function floorRank(floor: string): number {
  const f = floor.trim().toLowerCase();
  if (f === '') return 1000;
  if (/^(kg|ug|keller|untergeschoss|souterrain)/.test(f)) return -1;
  if (/^(eg|erdgeschoss|parterre|hochparterre)/.test(f)) return 0;
  const upper =
    /^(\d+)\s*\.?\s*(og|obergeschoss|etage|stock)/.exec(f) ?? /^(?:og|obergeschoss)\s*(\d+)/.exec(f);
  if (upper) return Number(upper[1]);
  if (/^(dg|dachgeschoss|dach)/.test(f)) return 500;
  return 900;
}

const natural = new Intl.Collator('de', { numeric: true, sensitivity: 'base' });

export function compareUnits(
  a: { floor: string; label: string },
  b: { floor: string; label: string },
): number {
  return floorRank(a.floor) - floorRank(b.floor) || natural.compare(a.label, b.label);
}
