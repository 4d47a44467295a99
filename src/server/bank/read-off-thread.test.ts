import { describe, expect, it } from 'vitest';
import { camt053, sampleYear } from '../../../tests/builders/bank-files';
import { BankFileError } from './booking';
import { BankFileBusy, readBankFileOffThread } from './read-off-thread';

const file = new TextEncoder().encode(camt053(sampleYear()));

// worker threads start slowly on a busy machine: a budget that fits one
describe('bank files read off the event loop', { timeout: 30_000 }, () => {
  it('reads one file per account at a time; another account is not held up', async () => {
    const first = readBankFileOffThread('account-a', file);
    await expect(readBankFileOffThread('account-a', file)).rejects.toBeInstanceOf(BankFileBusy);
    const other = readBankFileOffThread('account-b', file);
    expect((await first).count).toBe(sampleYear().length);
    expect((await other).count).toBe(sampleYear().length);
    // once read, the account's next file is taken
    expect((await readBankFileOffThread('account-a', file)).count).toBe(sampleYear().length);
  });

  it('ends a reader that takes longer than its time and refuses the file in German', async () => {
    const slow = readBankFileOffThread('account-c', file, {}, 1);
    await expect(slow).rejects.toBeInstanceOf(BankFileError);
    await expect(slow).rejects.toThrow(/^Die Datei braucht zu lange zum Lesen/);
    // the account is free again
    expect((await readBankFileOffThread('account-c', file)).count).toBe(sampleYear().length);
  });
});
