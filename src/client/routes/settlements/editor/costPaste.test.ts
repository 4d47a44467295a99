import { describe, expect, it } from 'vitest';
import { costNameKey, pasteCosts } from './costPaste';
import { type CostFormValues, emptyCost } from './formValues';

const cost = (name: string, amount = '', extra: Partial<CostFormValues> = {}): CostFormValues => ({
  ...emptyCost(name),
  amount,
  ...extra,
});
const brief = (costs: CostFormValues[] | null) => costs?.map((c) => [c.name, c.amount, c.key]);

describe('pasteCosts', () => {
  it('fills last year’s positions by name, shown as read, and adds the others with their usual key', () => {
    const last = [
      cost('Grundsteuer', '', { key: 'units' }),
      cost('Wasserversorgung', '', { key: 'persons' }),
    ];
    const pasted = pasteCosts(
      last,
      { index: 0, field: 'amount' },
      'grundsteuer \t1.512,40 €\nAufzug\t1344\nWasserversorgung\t2230,75\nReparaturrücklage\t500',
    );
    expect(brief(pasted)).toEqual([
      ['Grundsteuer', '1.512,40', 'units'], // the key chosen last year stays
      ['Wasserversorgung', '2.230,75', 'persons'],
      ['Aufzug', '1.344,00', 'units'],
      ['Reparaturrücklage', '500,00', 'area'], // no usual key: the form's default
    ]);
  });

  it('skips a header row and the columns after the amount; semicolons separate as tabs do', () => {
    const pasted = pasteCosts(
      [cost('')],
      { index: 0, field: 'name' },
      'Kostenart;Betrag 2025;Schlüssel\nMüllabfuhr;1004,50;Personen\nHauswart;2460;Fläche\n',
    );
    // the empty row pasted into takes the first position instead of staying empty
    expect(brief(pasted)).toEqual([
      ['Müllabfuhr', '1.004,50', 'persons'],
      ['Hauswart', '2.460,00', 'area'],
    ]);
  });

  it('takes the key a third column names, and keeps the usual one where it names none', () => {
    const last = [cost('Aufzug', '', { key: 'units' })];
    const pasted = pasteCosts(
      last,
      { index: 0, field: 'amount' },
      'Aufzug\t1344\tWohnfläche\nAbwasser\t1955,20\tje Wohnung\nGrundsteuer\t1512,40\tMEA\nHauswart\t2460\tnach Vertrag',
    );
    expect(brief(pasted)?.map(([name, , key]) => [name, key])).toEqual([
      ['Aufzug', 'area'],
      ['Abwasser', 'units'],
      ['Grundsteuer', 'mea'],
      ['Hauswart', 'area'], // "nach Vertrag" names no key: the usual one
    ]);
  });

  it('keeps what else a position holds, its receipts among it', () => {
    const last = [cost('Versicherungen', '', { documentIds: ['d1'], costGroupId: 'g1' })];
    const [insurance] =
      pasteCosts(last, { index: 0, field: 'name' }, 'Versicherungen\t2230,10\nAufzug\t1') ?? [];
    expect(insurance).toMatchObject({ amount: '2.230,10', documentIds: ['d1'], costGroupId: 'g1' });
  });

  it('fills a name twice in the list in order, and a third row of it as a new position', () => {
    const last = [cost('Versicherungen'), cost('Aufzug'), cost('Versicherungen')];
    const pasted = pasteCosts(
      last,
      { index: 1, field: 'amount' },
      'Versicherungen\t100\nVersicherungen\t200\nVersicherungen\t300',
    );
    expect(brief(pasted)?.map(([name, amount]) => [name, amount])).toEqual([
      ['Versicherungen', '100,00'],
      ['Aufzug', ''],
      ['Versicherungen', '200,00'],
      ['Versicherungen', '300,00'],
    ]);
  });

  it('a column of amounts fills downwards from the amount it was pasted into', () => {
    const last = [cost('Grundsteuer', '1,00'), cost('Abwasser'), cost('Aufzug')];
    expect(brief(pasteCosts(last, { index: 1, field: 'amount' }, '1955,20\n1344\n99'))).toEqual([
      ['Grundsteuer', '1,00', 'area'],
      ['Abwasser', '1.955,20', 'area'],
      ['Aufzug', '1.344,00', 'area'],
      ['', '99,00', 'area'],
    ]);
  });

  it('an amount that is no amount is kept as pasted, for the field to name', () => {
    expect(brief(pasteCosts([], { index: 0, field: 'name' }, 'Gartenpflege\tzwölf\nAufzug\t1'))?.[0]).toEqual(
      ['Gartenpflege', 'zwölf', 'area'],
    );
  });

  it('a single value is no block: the field takes it', () => {
    expect(pasteCosts([cost('')], { index: 0, field: 'amount' }, '1.234,56')).toBeNull();
    expect(pasteCosts([cost('')], { index: 0, field: 'name' }, 'Aufzug\n')).toBeNull();
  });
});

describe('costNameKey', () => {
  it('takes case and the spaces around as the same name', () => {
    expect(costNameKey('  Straßenreinigung ')).toBe(costNameKey('STRAßENREINIGUNG'));
  });
});
