import { describe, expect, it } from 'vitest';
import { unitRows } from './UnitTableDialog';

describe('units pasted as a table (issue 31)', () => {
  it('reads label, m², MEA and floor per line, and skips a header row', () => {
    expect(unitRows('Bezeichnung\tm²\tMEA\tGeschoss\nEG links\t62,5\t250\tEG\nDG\t48;;DG')).toEqual([
      { label: 'EG links', area: '62,5', mea: '250', floor: 'EG' },
      { label: 'DG', area: '48', floor: 'DG' },
    ]);
  });

  it('takes a single line typed by hand', () => {
    expect(unitRows('OG 1; 70')).toEqual([{ label: 'OG 1', area: '70', floor: '' }]);
  });
});
