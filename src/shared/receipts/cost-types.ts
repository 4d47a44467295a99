// Which cost of BetrKV §2 a receipt or one of its positions is, from the issuer's name and the words
// of its lines. A table: the words named first decide; where two rules match at the same place the
// earlier, narrower one wins (Niederschlagswasser before Wasser, Heizöl before Öl). Repairs and
// administration are never allocatable (§1(2) BetrKV), whatever else the receipt says: null. A word
// that says only what was done, not to what ("Reinigung"), counts where nothing else is named: the
// "Reinigung der Dachrinnen" is no cleaning of the building.

import type { CostPreset } from '../catalog';
import { fold } from './german-text';

interface CostRule {
  pattern: RegExp;
  category: CostPreset | null;
  /** Says what was done, not to what: decides only where no other rule matches. */
  generic?: true;
}

export const COST_RULES: readonly CostRule[] = [
  {
    pattern:
      /reparatur|instandsetzung|instandhaltung|austausch|erneuerung|hausverwaltung|verwaltergebühr|verwaltungskosten|kontoführung/,
    category: null,
  },
  { pattern: /grundsteuer/, category: 'Grundsteuer' },
  {
    pattern: /niederschlagswasser|schmutzwasser|abwasser|entwässerung|kanalbenutzung|kanalgebühr/,
    category: 'Abwasser',
  },
  { pattern: /straßenreinigung|strassenreinigung|winterdienst|schneeräum/, category: 'Straßenreinigung' },
  // "Müller" is a name, not waste
  { pattern: /abfall|müll(?!er)|biotonne|wertstoff/, category: 'Müllabfuhr' },
  {
    pattern: /schornstein|kaminkehrer|feuerstättenschau|abgaswegeüberprüfung|immissionsmessung/,
    category: 'Schornsteinreinigung',
  },
  { pattern: /aufzug|fahrstuhl|personenaufzug|\blift\b/, category: 'Aufzug' },
  // the house's own electricity, before the energy words of a heating bill from the same utility
  { pattern: /allgemeinstrom|hausstrom|treppenhausbeleuchtung|treppenhausstrom/, category: 'Beleuchtung' },
  { pattern: /warmwasser/, category: 'Warmwasser' },
  {
    pattern:
      /heizöl|heizoel|fernwärme|erdgas|heizgas|holzpellets|pellets|wärmelieferung|heizkosten|wartung (der )?heizung|brennstoff/,
    category: 'Heizkosten',
  },
  {
    pattern: /trinkwasser|frischwasser|wasserversorgung|wassergeld|wasserverbrauch|kaltwasser|wasserzähler/,
    category: 'Wasserversorgung',
  },
  {
    pattern: /versicherung|versicherungsschein|police|haftpflicht|gebäudeversicherung/,
    category: 'Versicherungen',
  },
  { pattern: /hausmeister|hauswart/, category: 'Hauswart' },
  { pattern: /garten|grünpflege|gruenpflege|rasen|hecke|baumschnitt/, category: 'Gartenpflege' },
  {
    pattern: /treppenhausreinigung|gebäudereinigung|gebaeudereinigung|unterhaltsreinigung|hausreinigung/,
    category: 'Gebäudereinigung',
  },
  { pattern: /reinigung/, category: 'Gebäudereinigung', generic: true },
  { pattern: /beleuchtung|strom/, category: 'Beleuchtung' },
  {
    pattern: /kabelanschluss|kabelfernsehen|breitbandkabel|antenne|sat-anlage/,
    category: 'Gemeinschaftsantenne',
  },
  {
    // the BetrKV's own name for the rest (§ 2 Nr. 17), as a utility's line may call it
    pattern: /sonstige betriebskosten|rauchwarnmelder|rauchmelder|brandmelder|dachrinne|legionellen/,
    category: 'Sonstige Betriebskosten',
  },
];

export interface CostTypeMatch {
  category: CostPreset | null;
  /** The rule's words were found; false: nothing matched (the category is then a guess). */
  matched: boolean;
}

/**
 * The cost type of a text (a position, or the receipt's title lines and issuer): what is named first
 * ("Hausmeisterdienste, Mülltonnen bereitstellen" is Hauswart); between words at the same place, the
 * narrower rule. Repairs and administration win wherever they stand.
 */
export function costTypeOf(text: string): CostTypeMatch {
  const folded = fold(text);
  let best: { category: CostPreset | null; at: number } | null = null;
  for (const rule of COST_RULES) {
    if (rule.generic) continue;
    const at = folded.search(rule.pattern);
    if (at < 0) continue;
    if (rule.category === null) return { category: null, matched: true };
    if (!best || at < best.at) best = { category: rule.category, at };
  }
  if (best) return { category: best.category, matched: true };
  const generic = COST_RULES.find((rule) => rule.generic && rule.pattern.test(folded));
  return generic ? { category: generic.category, matched: true } : { category: null, matched: false };
}
