import { describe, expect, it } from 'vitest';
import { pasteIntoTable } from '../../lib/pastedBlock';
import { emptyUnitRow, filledRows, floorOf, UNIT_TABLE } from './unitTable';

const row = (label: string, area = '', mea = '', floor = '') => ({ label, area, mea, floor });

describe('the unit table', () => {
  it('fills rows from the cell a spreadsheet block was pasted into, adding rows and skipping a header', () => {
    const rows = [row('Laden', '120'), emptyUnitRow()];
    expect(
      pasteIntoTable(
        rows,
        UNIT_TABLE,
        { row: 1, column: 'label' },
        'Bezeichnung\tm²\tMEA\tGeschoss\nEG links\t62,5\t250\tEG\nDG\t48;;DG',
      ),
    ).toEqual([row('Laden', '120'), row('EG links', '62,5', '250', 'EG'), row('DG', '48', '', 'DG')]);
  });

  it('starts a block at the pasted column (areas only) and takes a single value as typed', () => {
    const rows = [row('A'), row('B')];
    expect(pasteIntoTable(rows, UNIT_TABLE, { row: 0, column: 'area' }, '70\n48,5')).toEqual([
      row('A', '70'),
      row('B', '48,5'),
    ]);
    expect(pasteIntoTable(rows, UNIT_TABLE, { row: 0, column: 'area' }, '70')).toBeNull();
  });

  it('sends the rows with something typed, with their place in the table', () => {
    expect(filledRows([row('A', '70', '', 'EG'), emptyUnitRow(), row('', '48', '120')])).toEqual([
      { index: 0, row: { label: 'A', area: '70', floor: 'EG' } },
      { index: 2, row: { label: '', area: '48', mea: '120', floor: '' } },
    ]);
  });

  it('takes an empty floor from the label, and never overrides one typed', () => {
    expect(['EG links', '2. OG rechts', '1.OG', 'dg', 'Souterrain', 'UG-Keller'].map(floorOf)).toEqual([
      'EG',
      '2. OG',
      '1.OG',
      'dg',
      'Souterrain',
      'UG',
    ]);
    expect(['Laden', 'EGON', 'Wohnung 3', 'Hinterhaus EG'].map(floorOf)).toEqual(['', '', '', '']);
    expect(filledRows([row('EG links', '62,5'), row('EG rechts', '48', '', 'Hochparterre')])).toEqual([
      { index: 0, row: { label: 'EG links', area: '62,5', floor: 'EG' } },
      { index: 1, row: { label: 'EG rechts', area: '48', floor: 'Hochparterre' } },
    ]);
  });
});
