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

/** Costs are the same position when their names match, whatever the case or the spaces around. */
export const costNameKey = (name: string) => name.trim().toLocaleLowerCase('de-DE');

/**
 * A block pasted into a cost's field. Rows of name and amount (further columns ignored): a position
 * of that name takes the amount, a name not in the list is added with its usual key. A single column
 * pasted into an amount fills the amounts downwards from there, as a spreadsheet does. A first row
 * whose amount is a column's title ("Betrag 2025") is the table's header. An amount is taken as typed, so one that is
 * not an amount stays visible with the field's message. Null: no block, the field takes the text.
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
  for (const [name = '', amount = ''] of rows) {
    // a name twice in the list (two insurers) is filled in order by the rows naming it
    const same = next.findIndex(
      (c, i) => !filled.has(i) && name.trim() !== '' && costNameKey(c.name) === costNameKey(name),
    );
    const index = same >= 0 ? same : free >= 0 ? free : next.length;
    const cost = same >= 0 ? next[same] : { ...emptyCost(name), key: usualKey(name) ?? emptyCost().key };
    next[index] = { ...(cost ?? emptyCost(name)), amount: shown(amount) };
    filled.add(index);
    if (index === free) free = -1;
  }
  return next;
}
