// The house's costs pasted from the landlord's spreadsheet into the cost list.

import { usualKey } from '../../../../shared/catalog';
import { centsToInput, parseMoney } from '../../../../shared/money';
import { pastedBlock } from '../../../lib/pastedBlock';
import { type CostFormValues, emptyCost } from './formValues';

/** The title of an amount column, where a pasted table starts with its header. */
const HEADER = /^(betrag|beträge|kosten|summe|gesamt|jahresbetrag|euro|eur|€)(\s|$)/i;

/** An amount as the field shows it once left ("1.234,50"); one that is no amount as pasted. */
function shown(amount: string): string {
  const parsed = parseMoney(amount);
  return parsed.ok ? centsToInput(parsed.cents) : amount;
}

/** The keys a table's third column may name, by the words landlords use for them. */
const KEY_WORDS: Array<[RegExp, CostFormValues['key']]> = [
  [/^(wohn|nutz)?fl(ä|ae)che|^m²|^m2$|^qm$/, 'area'],
  [/^(wohn)?einheit|^wohnung|^je wohnung/, 'units'],
  [/^mea$|^miteigentum/, 'mea'],
  [/^person/, 'persons'],
  [/^verbrauch/, 'consumption'],
  [/^direkt/, 'direct'],
];

/** The key a table's cell names ("Wohnfläche", "Personen", "je Wohnung" …), or undefined. */
function keyNamed(cell: string): CostFormValues['key'] | undefined {
  const words = cell.trim().toLocaleLowerCase('de-DE');
  return KEY_WORDS.find(([pattern]) => pattern.test(words))?.[1];
}

/** Costs are the same position when their names match, whatever the case or the spaces around. */
export const costNameKey = (name: string) => name.trim().toLocaleLowerCase('de-DE');

/**
 * A block pasted into a cost's field. Rows of name, amount and, if given, the key: a position of that
 * name takes the amount (and a key the row names), a name not in the list is added with the row's key,
 * else its usual one; further columns are left. A single column pasted into an amount fills the
 * amounts downwards from there, as a spreadsheet does. A first row whose amount is a column's title
 * ("Betrag 2025") is the table's header. An amount that is no amount stays as pasted, for the field
 * to name. Null: no block, the field takes the text.
 */
export function pasteCosts(
  costs: readonly CostFormValues[],
  at: { index: number; field: 'name' | 'amount' },
  text: string,
): CostFormValues[] | null {
  const block = pastedBlock(text);
  if (!block) return null;
  const next = costs.map((c) => ({ ...c }));
  if (at.field === 'amount' && block.every((cells) => cells.length === 1)) {
    block.forEach(([amount = ''], i) => {
      const cost = next[at.index + i] ?? emptyCost();
      next[at.index + i] = { ...cost, amount: shown(amount) };
    });
    return next;
  }
  const rows = block.filter((cells, i) => i > 0 || !HEADER.test(cells[1] ?? ''));
  const filled = new Set<number>();
  // the row the block was pasted into, when still empty, takes the first new position
  const target = next[at.index];
  let free = target && target.name.trim() === '' && target.amount.trim() === '' ? at.index : -1;
  for (const [name = '', amount = '', key = ''] of rows) {
    // a name twice in the list (two insurers) is filled in order by the rows naming it
    const same = next.findIndex(
      (c, i) => !filled.has(i) && name.trim() !== '' && costNameKey(c.name) === costNameKey(name),
    );
    const index = same >= 0 ? same : free >= 0 ? free : next.length;
    const cost = same >= 0 ? next[same] : { ...emptyCost(name), key: usualKey(name) ?? emptyCost().key };
    const base = cost ?? emptyCost(name);
    next[index] = { ...base, amount: shown(amount), key: keyNamed(key) ?? base.key };
    filled.add(index);
    if (index === free) free = -1;
  }
  return next;
}
