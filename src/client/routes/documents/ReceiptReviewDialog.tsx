import { useQueryClient } from '@tanstack/react-query';
import { AlertTriangle, Plus, Trash2 } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type UseFormRegister, useFieldArray, useForm } from 'react-hook-form';
import { COST_PRESETS } from '../../../shared/catalog';
import { formatIban } from '../../../shared/iban';
import { formatCents, formatDateDe } from '../../../shared/money';
import type { ConfidenceField, Evidence, ReceiptFields } from '../../../shared/schemas/receipt';
import { Button } from '../../components/ui/Button';
import { cx } from '../../components/ui/cx';
import { Dialog, DialogFormActions } from '../../components/ui/Dialog';
import { Input, Select } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { confirmReceipt, type DocumentItem, documentsKey, fileUrl, pageUrl } from './api';
import { evidenceKey, fromReviewValues, type ReviewValues, toReviewValues } from './review-form';

const METHOD_LABELS = {
  'e-invoice': 'E-Rechnung: die Werte stehen exakt so in der Rechnung.',
  text: 'Aus dem Text der PDF gelesen.',
  ocr: 'Per Texterkennung aus dem Bild gelesen.',
} as const;

/**
 * "Beleg prüfen": the receipt's page beside its fields; the spot each value came from is marked,
 * the one of the field in focus strongly. One click confirms; a corrected field wins and is kept.
 */
export function ReceiptReviewDialog({
  document,
  next,
  onNext,
  onClose,
}: {
  document: DocumentItem | null;
  /** The next receipt that needs the landlord, opened after this one is confirmed. */
  next?: DocumentItem | null;
  onNext?: (next: DocumentItem) => void;
  onClose: () => void;
}) {
  return (
    <Dialog
      open={document !== null}
      onOpenChange={(open) => !open && onClose()}
      title="Beleg prüfen"
      description={document?.name}
      className="sm:max-w-5xl"
    >
      {document && (
        <ReviewForm
          key={document.id}
          document={document}
          hasNext={Boolean(next)}
          onDone={() => (next && onNext ? onNext(next) : onClose())}
        />
      )}
    </Dialog>
  );
}

/** The form's fields of each field the reader states a confidence for, in the order of the form. */
const FIELD_PATHS: Array<[ConfidenceField, Parameters<UseFormRegister<ReviewValues>>[0]]> = [
  ['issuer', 'issuer'],
  ['invoiceNumber', 'invoiceNumber'],
  ['invoiceDate', 'invoiceDate'],
  ['servicePeriod', 'periodStart'],
  ['totalCents', 'total'],
  ['iban', 'iban'],
  ['lines', 'lines.0.category'],
];
const UNSURE_HINT = 'Unsicher gelesen: bitte prüfen.';

function ReviewForm({
  document,
  hasNext,
  onDone,
}: {
  document: DocumentItem;
  hasNext: boolean;
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const recognition = document.recognition;
  const form = useForm<ReviewValues>({
    defaultValues: toReviewValues(document.booking ?? recognition?.fields ?? null),
  });
  const { register, control, handleSubmit, setError, formState } = form;
  const lines = useFieldArray({ control, name: 'lines' });
  const [focused, setFocused] = useState<string | null>(null);
  const evidence = recognition?.evidence ?? {};
  const marked = focused ? evidence[evidenceKey(focused)] : undefined;
  const errors = formState.errors;
  // what the landlord has not confirmed yet: the fields read unsure say so, the first takes the focus
  const unsure = (f: ConfidenceField) =>
    !document.booking && recognition?.confidence[f] === 'unsure' ? UNSURE_HINT : undefined;
  const firstUnsure = FIELD_PATHS.find(([f]) => unsure(f))?.[1];
  useEffect(() => {
    if (firstUnsure) form.setFocus(firstUnsure);
  }, [firstUnsure, form]);

  const field = (path: Parameters<typeof register>[0]) => ({
    ...register(path),
    onFocus: () => setFocused(path),
  });

  const submit = handleSubmit(async (values) => {
    const parsed = fromReviewValues(values);
    if (!parsed.ok) {
      for (const [path, message] of Object.entries(parsed.errors)) {
        setError(path as Parameters<typeof setError>[0], { message });
      }
      return;
    }
    try {
      const saved = await confirmReceipt(document.id, parsed.fields);
      queryClient.setQueryData<DocumentItem[]>(documentsKey, (list) =>
        list?.map((d) => (d.id === saved.id ? saved : d)),
      );
      toast({
        title: 'Beleg bestätigt',
        description: 'Die Werte lassen sich jetzt in eine Abrechnung übernehmen.',
      });
      onDone();
    } catch (error) {
      toast({ title: 'Nicht bestätigt', description: errorMessage(error), variant: 'destructive' });
    }
  });

  return (
    <form onSubmit={(event) => void submit(event)} noValidate className="grid gap-6 md:grid-cols-2">
      <PagePictures document={document} evidence={evidence} marked={marked} />
      <div className="flex flex-col gap-4">
        {recognition?.status === 'failed' && (
          <p role="alert" className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            Nicht lesbar: {recognition.error} Bitte tragen Sie die Werte selbst ein.
          </p>
        )}
        {recognition?.method && <p className="text-sm text-slate-600">{METHOD_LABELS[recognition.method]}</p>}
        {(recognition?.warnings.length ?? 0) > 0 && (
          <ul
            aria-label="Hinweise"
            className="flex flex-col gap-1 rounded-md border border-orange-200 bg-orange-50 p-3"
          >
            {recognition?.warnings.map((w) => (
              <li key={w.code} className="flex gap-2 text-sm text-orange-900">
                <AlertTriangle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {w.message}
              </li>
            ))}
          </ul>
        )}
        <Input
          label="Aussteller"
          hint={unsure('issuer')}
          error={errors.issuer?.message}
          {...field('issuer')}
        />
        <div className="grid gap-4 sm:grid-cols-2">
          <Input
            label="Rechnungsnummer"
            hint={unsure('invoiceNumber')}
            error={errors.invoiceNumber?.message}
            {...field('invoiceNumber')}
          />
          <Input
            label="Rechnungsdatum"
            type="date"
            hint={unsure('invoiceDate')}
            error={errors.invoiceDate?.message}
            {...field('invoiceDate')}
          />
          <Input
            label="Leistung von"
            type="date"
            hint={unsure('servicePeriod')}
            error={errors.periodStart?.message}
            {...field('periodStart')}
          />
          <Input label="Leistung bis" type="date" error={errors.periodEnd?.message} {...field('periodEnd')} />
          <Input
            label="Gesamtbetrag (€)"
            inputMode="decimal"
            hint={unsure('totalCents')}
            error={errors.total?.message}
            {...field('total')}
          />
          <Input
            label="IBAN"
            autoComplete="off"
            spellCheck={false}
            hint={unsure('iban')}
            error={errors.iban?.message}
            {...field('iban')}
          />
        </div>
        <fieldset className="flex flex-col gap-3">
          <legend className="text-sm font-semibold text-slate-900">Positionen</legend>
          {unsure('lines') && <p className="text-sm text-orange-900">Kostenarten {UNSURE_HINT}</p>}
          {lines.fields.map((line, i) => (
            <div key={line.id} className="grid gap-3 rounded-md border border-slate-200 p-3 sm:grid-cols-2">
              <Select label={`Kostenart ${i + 1}`} {...field(`lines.${i}.category`)}>
                {COST_PRESETS.map((preset) => (
                  <option key={preset} value={preset}>
                    {preset}
                  </option>
                ))}
                <option value="">Nicht umlagefähig</option>
              </Select>
              <Input label={`Bezeichnung ${i + 1}`} {...field(`lines.${i}.name`)} />
              <Input
                label={`Betrag ${i + 1} (€)`}
                inputMode="decimal"
                error={errors.lines?.[i]?.amount?.message}
                {...field(`lines.${i}.amount`)}
              />
              <Input
                label={`Arbeitskosten § 35a ${i + 1} (€)`}
                inputMode="decimal"
                error={errors.lines?.[i]?.labour?.message}
                {...field(`lines.${i}.labour`)}
              />
              <Button
                variant="ghost"
                className="justify-self-start text-red-700"
                onClick={() => lines.remove(i)}
              >
                <Trash2 aria-hidden="true" className="size-4" />
                Position {i + 1} entfernen
              </Button>
            </div>
          ))}
          <Button
            variant="secondary"
            className="self-start"
            onClick={() =>
              lines.append({ category: 'Sonstige Betriebskosten', name: '', amount: '', labour: '' })
            }
          >
            <Plus aria-hidden="true" className="size-4" />
            Position hinzufügen
          </Button>
        </fieldset>
        <DialogFormActions
          submitting={formState.isSubmitting}
          submitLabel={hasNext ? 'Bestätigen und weiter zum nächsten' : 'Bestätigen'}
        />
      </div>
    </form>
  );
}

/** The receipt's pages with the spots its values came from; the one in focus marked strongly. */
function PagePictures({
  document,
  evidence,
  marked,
}: {
  document: DocumentItem;
  evidence: Record<string, Evidence>;
  marked: Evidence | undefined;
}) {
  const count = document.recognition?.pages ?? 0;
  const pictures =
    count > 0
      ? Array.from({ length: count }, (_, i) => ({ page: i + 1, src: pageUrl(document.id, i + 1) }))
      : document.fileType.startsWith('image/')
        ? [{ page: 1, src: fileUrl(document.id) }]
        : [];
  const read = document.recognition?.fields;
  if (pictures.length === 0 && document.fileType === 'application/xml' && read)
    return <EInvoiceView fields={read} />;
  if (pictures.length === 0) {
    return (
      <p className="rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-700">
        {document.fileType === 'application/xml'
          ? 'Eine E-Rechnung hat kein Bild: ihre Werte stehen exakt in der XML-Datei.'
          : 'Für diesen Beleg gibt es kein Bild.'}
      </p>
    );
  }
  return (
    <section
      aria-label="Seiten des Belegs"
      // biome-ignore lint/a11y/noNoninteractiveTabindex: a scrolling region must be reachable by keyboard to be read (axe)
      tabIndex={0}
      className="flex max-h-72 flex-col gap-3 overflow-y-auto rounded-md border border-slate-200 bg-slate-100 p-2 md:sticky md:top-0 md:max-h-[75dvh]"
    >
      {pictures.map(({ page, src }) => (
        <div key={page} className="relative">
          <img src={src} alt={`Seite ${page} des Belegs`} className="block w-full bg-white shadow-sm" />
          {Object.entries(evidence)
            .filter(([, e]) => e.page === page)
            .map(([key, e]) => (
              <span
                key={key}
                aria-hidden="true"
                className={cx(
                  'pointer-events-none absolute rounded-sm',
                  e === marked ? 'bg-yellow-300/50 ring-2 ring-teal-700' : 'ring-1 ring-teal-600/40',
                )}
                style={{
                  left: `${e.box[0] * 100}%`,
                  top: `${e.box[1] * 100}%`,
                  width: `${e.box[2] * 100}%`,
                  height: `${e.box[3] * 100}%`,
                }}
              />
            ))}
        </div>
      ))}
      {marked && (
        <p
          className="sticky bottom-0 rounded bg-white/95 px-2 py-1 text-xs text-slate-700"
          aria-live="polite"
        >
          Gelesen auf Seite {marked.page}: „{marked.text}“
        </p>
      )}
    </section>
  );
}

/** An XML e-invoice has no picture: what it states, readable, beside the fields to confirm. */
function EInvoiceView({ fields }: { fields: ReceiptFields }) {
  const period = fields.servicePeriod;
  const facts: Array<[string, string | null]> = [
    ['Aussteller', fields.issuer],
    ['Rechnungsnummer', fields.invoiceNumber],
    ['Rechnungsdatum', fields.invoiceDate && formatDateDe(fields.invoiceDate)],
    ['Leistungszeitraum', period && `${formatDateDe(period.start)} – ${formatDateDe(period.end)}`],
    ['Gesamtbetrag', fields.totalCents === null ? null : formatCents(fields.totalCents)],
    ['IBAN', fields.iban && formatIban(fields.iban)],
  ];
  return (
    <section
      aria-label="Inhalt der E-Rechnung"
      className="flex flex-col gap-3 rounded-md border border-slate-200 bg-slate-50 p-4 text-sm text-slate-800"
    >
      <p className="text-slate-700">E-Rechnung: diese Werte stehen exakt so in der XML-Datei.</p>
      <dl className="grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {facts.map(([label, value]) => (
          <div key={label} className="contents">
            <dt className="text-slate-600">{label}</dt>
            <dd className="break-words">{value ?? '–'}</dd>
          </div>
        ))}
      </dl>
      {fields.lines.length > 0 && (
        <table className="w-full text-left">
          <caption className="sr-only">Positionen der E-Rechnung</caption>
          <thead>
            <tr className="border-b border-slate-300">
              <th scope="col" className="py-1 font-medium">
                Position
              </th>
              <th scope="col" className="py-1 text-right font-medium">
                Betrag
              </th>
            </tr>
          </thead>
          <tbody>
            {fields.lines.map((line, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: the lines of one invoice keep their order
              <tr key={i} className="border-b border-slate-200 last:border-0">
                <td className="py-1">{line.category ?? `${line.name} (nicht umlagefähig)`}</td>
                <td className="py-1 text-right tabular-nums">{formatCents(line.amountCents)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
