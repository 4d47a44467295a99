import { describe, expect, it } from 'vitest';
import { ApiError, refusedRows } from './api';

describe('refusedRows', () => {
  it('puts a refused row back where it is shown, with its column', () => {
    const error = new ApiError(409, 'conflict', 'Zeile 2: …', { 'tenancies.1.start': 'überschneidet sich' });
    // the second row sent is the fourth shown (rows without a flat were not sent)
    expect(
      refusedRows(error, 'tenancies', [0, 3], (field) => (field === 'start' ? 'moveIn' : undefined)),
    ).toEqual([{ row: 3, column: 'moveIn', message: 'überschneidet sich' }]);
  });

  it('says what went wrong for the whole list when no row is named', () => {
    const error = new ApiError(429, 'too_many', 'Bitte warten Sie einen Moment.');
    expect(refusedRows(error, 'tenancies', [0], () => undefined)).toEqual([
      { row: null, message: 'Bitte warten Sie einen Moment.' },
    ]);
  });
});
