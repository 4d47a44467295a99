import { afterEach, describe, expect, it } from 'vitest';
import { sampleFormData } from '../../../tests/builders/statement';
import { AppError } from '../errors';
import { warmPreviews } from './raster-preview';
import type { StatementPdfJob } from './render-statement';
import { createPdfRenderer, type PdfRenderer } from './renderer';
import { flatten, pdfText } from './testing/poppler';

const formData = sampleFormData();
const statement = (preview: boolean): StatementPdfJob => ({
  kind: 'statement',
  formData,
  today: '2025-03-14',
  preview,
});
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
      Array.from({ length: 6 }, (_, i) => renderer?.render(statement(i === 0), `user-${i % 3}`)),
    );
    for (const pdf of pdfs) {
      if (!pdf) throw new Error('no PDF');
      expect(pdfHeader(pdf)).toBe('%PDF-');
    }
    expect(flatten(await pdfText(pdfs[1] ?? new Uint8Array()))).toContain('Nachzahlung 9.684,20 €');
    expect(warnings).toEqual([]);
  });

  it('starts a server’s threads at once, each preparing the previews, so the first preview need not', async () => {
    const missing = new URL('./no-such-worker.js', import.meta.url);
    const started: string[] = [];
    renderer = createPdfRenderer({ workerUrl: missing, threads: 1, onWarning: (m) => started.push(m) });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(started).toEqual([]); // asked nothing yet: no thread
    await renderer.close();
    renderer = createPdfRenderer({
      workerUrl: missing,
      threads: 1,
      warmPreviews: true,
      onWarning: (m) => started.push(m),
    });
    await expect
      .poll(() => started)
      .toEqual(['PDF worker could not start; rendering PDFs in the main thread']);
    // what each thread does then: draws one small preview
    await expect(warmPreviews()).resolves.toBeUndefined();
  });

  it('refuses more waiting documents than the queue holds with a 503', async () => {
    renderer = createPdfRenderer({ threads: 1, maxQueue: 1 });
    const first = renderer.render(statement(false), 'a');
    // the worker is still starting, so the first job waits in the queue
    const second = renderer.render(statement(false), 'b');
    await expect(second).rejects.toSatisfy((e) => e instanceof AppError && e.statusCode === 503);
    expect(pdfHeader(await first)).toBe('%PDF-');
  });

  it('fails a document that takes too long and replaces its worker', async () => {
    const warnings: string[] = [];
    renderer = createPdfRenderer({ threads: 1, timeoutMs: 1, onWarning: (m) => warnings.push(m) });
    await expect(renderer.render(statement(false), 'a')).rejects.toThrow('timed out');
    expect(warnings).toEqual(['PDF worker failed and was replaced']);
  });

  it('renders in the main thread when no worker can start', async () => {
    const warnings: string[] = [];
    renderer = createPdfRenderer({
      threads: 1,
      workerUrl: new URL('./missing-worker.mjs', import.meta.url),
      onWarning: (m) => warnings.push(m),
    });
    const pdf = await renderer.render(statement(false), 'a');
    expect(pdfHeader(pdf)).toBe('%PDF-');
    expect(warnings).toEqual(['PDF worker could not start; rendering PDFs in the main thread']);
  });

  it('rejects work after it was closed', async () => {
    renderer = createPdfRenderer({ threads: 1 });
    await renderer.close();
    await expect(renderer.render(statement(false), 'a')).rejects.toThrow('closed');
  });

  it("serves a second account's document before the first account's backlog is done", async () => {
    renderer = createPdfRenderer({ threads: 1 });
    const pool = renderer;
    const done: string[] = [];
    const render = (owner: string, name: string, job: StatementPdfJob) =>
      pool.render(job, owner).then(() => done.push(name));
    const large = { ...statement(false), formData: sampleFormData({ positions: 120 }) };
    // the worker is still starting: all of A's documents wait when B asks for one
    const backlog = [1, 2, 3, 4].map((i) => render('a', `a${i}`, large));
    const single = render('b', 'b1', statement(false));
    await Promise.all([...backlog, single]);
    expect(done).toEqual(['a1', 'b1', 'a2', 'a3', 'a4']);
  });

  it('refuses a fifth waiting document of one account with 429, not those of other accounts', async () => {
    renderer = createPdfRenderer({ threads: 1 });
    const waiting = [1, 2, 3, 4].map(() => renderer?.render(statement(false), 'a'));
    const fifth = renderer.render(statement(false), 'a');
    await expect(fifth).rejects.toSatisfy(
      (e) =>
        e instanceof AppError &&
        e.statusCode === 429 &&
        e.message ===
          'Es werden gerade zu viele PDFs für Ihr Konto erstellt. Bitte versuchen Sie es gleich noch einmal.',
    );
    const other = renderer.render(statement(false), 'b');
    for (const pdf of await Promise.all([...waiting, other]))
      expect(pdfHeader(pdf ?? new Uint8Array())).toBe('%PDF-');
    // once its documents are done, the account may ask again
    expect(pdfHeader(await renderer.render(statement(false), 'a'))).toBe('%PDF-');
  });
});
