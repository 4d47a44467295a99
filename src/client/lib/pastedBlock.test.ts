import { describe, expect, it } from 'vitest';
import { pastedBlock } from './pastedBlock';

describe('a block pasted from a table', () => {
  it('reads rows by line and cells by tab or semicolon, without empty lines', () => {
    expect(pastedBlock('1.200,00\t300,00\r\n600,00\t120,00\n\n')).toEqual([
      ['1.200,00', '300,00'],
      ['600,00', '120,00'],
    ]);
    expect(pastedBlock('400;100')).toEqual([['400', '100']]);
  });

  it('leaves a single value to the field', () => {
    expect(pastedBlock('1.200,00')).toBeNull();
    expect(pastedBlock('1.200,00\n')).toBeNull();
  });
});
