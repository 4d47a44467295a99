import { describe, expect, it } from 'vitest';
import { choiceOf, matchLabel, matchOf } from './matchChoice';

const tenancies = [{ id: 'a', label: 'Anna Berg (EG links)' }];

describe('what a booking is, as the payments page offers it', () => {
  it('goes from a match to the select and back, keeping the months of the same tenancy', () => {
    const paid = { kind: 'tenant-payment' as const, tenancyId: 'a', months: ['2025-03'] };
    expect(choiceOf(paid)).toBe('t:a');
    expect(matchOf('t:a', paid)).toEqual(paid);
    expect(matchOf('t:b', paid)).toEqual({ kind: 'tenant-payment', tenancyId: 'b' });
    expect(matchOf('cost', null)).toEqual({ kind: 'cost' });
    expect(matchOf('cost', { kind: 'cost', documentId: 'd' })).toEqual({ kind: 'cost', documentId: 'd' });
    expect(matchOf('', paid)).toBeNull();
    expect(choiceOf(null)).toBe('');
    const deposit = { kind: 'deposit' as const, tenancyId: 'a' };
    expect(choiceOf(deposit)).toBe('d:a');
    expect(matchOf('d:a', paid)).toEqual(deposit);
  });

  it('names it', () => {
    expect(matchLabel({ kind: 'tenant-payment', tenancyId: 'a' }, tenancies)).toBe(
      'Miete: Anna Berg (EG links)',
    );
    expect(matchLabel({ kind: 'deposit', tenancyId: 'a' }, tenancies)).toBe('Kaution: Anna Berg (EG links)');
    expect(matchLabel({ kind: 'ignored' }, tenancies)).toBe('ignoriert');
    expect(matchLabel(null, tenancies)).toBe('nicht zugeordnet');
  });
});
