import { execFileSync } from 'node:child_process';
import { afterAll, describe, expect, it } from 'vitest';
import { jpegClaiming, receipt, receiptPdf, scanPng } from '../../../tests/builders/receipts';
import { imageSize, loadPicture } from './ocr';
import { createReceiptReader, READER_DIED } from './reader-processes';

describe('a picture measured before it is decoded', () => {
  it('finds the frame of a JPEG behind fill bytes, and refuses what it cannot measure', async () => {
    expect(imageSize(jpegClaiming(60_000, 60_000, 0))).toEqual({ width: 60_000, height: 60_000 });
    expect(imageSize(jpegClaiming(60_000, 60_000, 1))).toEqual({ width: 60_000, height: 60_000 });
    expect(imageSize(jpegClaiming(640, 480, 7))).toEqual({ width: 640, height: 480 });
    await expect(loadPicture(jpegClaiming(60_000, 60_000, 1), 1000)).rejects.toThrow(/über 40 Megapixel/);
    // no frame before the image data: not measured, so not decoded
    const noFrame = Uint8Array.from([0xff, 0xd8, 0xff, 0xda, 0x00, 0x02, 0xff, 0xd9]);
    expect(imageSize(noFrame)).toBeNull();
    await expect(loadPicture(noFrame, 1000)).rejects.toThrow(/beschädigt/);
  });
});

describe('receipt readers in processes of their own', () => {
  const reader = createReceiptReader(1);
  afterAll(() => reader.close());

  /** The reader processes this test process started. */
  const readers = () => {
    try {
      return execFileSync('pgrep', ['-P', String(process.pid)], { encoding: 'utf8' })
        .trim()
        .split('\n')
        .map(Number);
    } catch {
      return [];
    }
  };

  it('a reader that dies fails its receipt only: the server lives, the next receipt gets a new reader', async () => {
    const scan = await scanPng(receipt('wasser'));
    const reading = reader.read(scan, 'image/png');
    reading.catch(() => undefined);
    await expect.poll(readers).toHaveLength(1);
    const [pid] = readers();
    // as a native decoder's abort would end it
    process.kill(pid as number, 'SIGKILL');
    await expect(reading).rejects.toThrow(READER_DIED);
    const read = await reader.read(await receiptPdf(receipt('wasser')), 'application/pdf');
    expect(read.fields.totalCents).toBe(120_482);
    expect(readers()).not.toContain(pid);
  }, 60_000);
});

describe('closing the readers', () => {
  it('waits for an idle reader’s end, so a script that closes them ends by itself', () => {
    // a process of its own: here the test runner would keep the event loop alive whatever we wait for
    const script = `
      import { createReceiptReader } from ${JSON.stringify(new URL('./reader-processes.ts', import.meta.url).href)};
      const reader = createReceiptReader(1);
      reader.warm();
      await new Promise((resolve) => setTimeout(resolve, 500));
      await reader.close();
      console.log('closed');
    `;
    const out = execFileSync(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      encoding: 'utf8',
      timeout: 60_000,
    });
    expect(out.trim()).toBe('closed');
  });
});
