import { afterEach, describe, expect, it } from 'vitest';
import { AppError } from '../errors';
import { createPdfRenderer, type PdfRenderer } from './renderer';
import { sampleFormData } from './sample-statements';
import { flatten, pdfText } from './testing/poppler';

const formData = sampleFormData();
const statement = (preview: boolean) => ({ formData, today: '2025-03-14', preview });
const pdfHeader = (pdf: Uint8Array) => Buffer.from(pdf.subarray(0, 5)).toString('latin1');

// Workers load TypeScript through tsx here, which takes seconds on a busy machine.
describe('PDF renderer pool', { timeout: 30_000 }, () => {
  let renderer: PdfRenderer | undefined;
  afterEach(async () => {
    await renderer?.close();
    renderer = undefined;
  });

  it('renders documents in worker threads, several at a time', async () => {
    const warnings: string[] = [];
    renderer = createPdfRenderer({ threads: 2, onWarning: (m) => warnings.push(m) });
    const pdfs = await Promise.all(
      Array.from({ length: 6 }, (_, i) => renderer?.render(statement(i % 2 === 0))),
    );
    for (const pdf of pdfs) {
      if (!pdf) throw new Error('no PDF');
      expect(pdfHeader(pdf)).toBe('%PDF-');
    }
    expect(flatten(await pdfText(pdfs[1] ?? new Uint8Array()))).toContain('Nachzahlung 9.684,20 €');
    expect(warnings).toEqual([]);
  });

  it('refuses more waiting documents than the queue holds with a 503', async () => {
    renderer = createPdfRenderer({ threads: 1, maxQueue: 1 });
    const first = renderer.render(statement(true));
    // the worker is still starting, so the first job waits in the queue
    const second = renderer.render(statement(true));
    await expect(second).rejects.toSatisfy((e) => e instanceof AppError && e.statusCode === 503);
    expect(pdfHeader(await first)).toBe('%PDF-');
  });

  it('fails a document that takes too long and replaces its worker', async () => {
    const warnings: string[] = [];
    renderer = createPdfRenderer({ threads: 1, timeoutMs: 1, onWarning: (m) => warnings.push(m) });
    await expect(renderer.render(statement(false))).rejects.toThrow('timed out');
    expect(warnings).toEqual(['PDF worker failed and was replaced']);
  });

  it('renders in the main thread when no worker can start', async () => {
    const warnings: string[] = [];
    renderer = createPdfRenderer({
      threads: 1,
      workerUrl: new URL('./missing-worker.mjs', import.meta.url),
      onWarning: (m) => warnings.push(m),
    });
    const pdf = await renderer.render(statement(false));
    expect(pdfHeader(pdf)).toBe('%PDF-');
    expect(warnings).toEqual(['PDF worker could not start; rendering PDFs in the main thread']);
  });

  it('rejects work after it was closed', async () => {
    renderer = createPdfRenderer({ threads: 1 });
    await renderer.close();
    await expect(renderer.render(statement(false))).rejects.toThrow('closed');
  });
});
