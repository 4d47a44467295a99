import { describe, expect, it } from 'vitest';
import { compareUnits, floorRank } from './unit-order';

describe('the order of a house’s units', () => {
  it('goes from the cellar up to the attic', () => {
    const floors = ['DG', '2. OG', 'EG', '', 'KG', '1. OG', 'OG 3'];
    expect([...floors].sort((a, b) => floorRank(a) - floorRank(b))).toEqual([
      'KG',
      'EG',
      '1. OG',
      '2. OG',
      'OG 3',
      'DG',
      '',
    ]);
  });

  it('orders a floor’s units by label, numbers as numbers', () => {
    const units = [
      { floor: 'EG', label: 'Wohnung 10' },
      { floor: '1. OG', label: 'Wohnung 3' },
      { floor: 'EG', label: 'Wohnung 2' },
    ];
    expect([...units].sort(compareUnits).map((u) => u.label)).toEqual([
      'Wohnung 2',
      'Wohnung 10',
      'Wohnung 3',
    ]);
  });
});
