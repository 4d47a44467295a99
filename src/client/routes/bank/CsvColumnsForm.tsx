import { useState } from 'react';
import type { CsvColumnsJson, CsvMapping } from '../../../shared/schemas/bank';
import { Button } from '../../components/ui/Button';
import { Select } from '../../components/ui/Field';

type Field = { key: keyof CsvMapping; label: string; required?: boolean };
const FIELDS: Field[] = [
  { key: 'bookingDate', label: 'Buchungstag', required: true },
  { key: 'amount', label: 'Betrag' },
  { key: 'name', label: 'Name des Zahlers oder Empfängers' },
  { key: 'iban', label: 'IBAN des Zahlers oder Empfängers' },
  { key: 'purpose', label: 'Verwendungszweck' },
  { key: 'valueDate', label: 'Valuta (Wertstellung)' },
];
/** Only where the bank writes the direction apart from the amount. */
const DIRECTION_FIELDS: Field[] = [
  { key: 'direction', label: 'Soll/Haben-Kennzeichen (S oder H) zum Betrag' },
  { key: 'debit', label: 'Betrag Soll (Ausgang)' },
  { key: 'credit', label: 'Betrag Haben (Eingang)' },
];

/**
 * Another bank's CSV: which column holds what, asked once; the import remembers it for this bank.
 * The first rows are shown so the landlord recognises the columns. The amount is one signed column,
 * one with a Soll/Haben mark, or separate Soll and Haben columns.
 */
export function CsvColumnsForm({
  columns,
  busy,
  onImport,
}: {
  columns: CsvColumnsJson;
  busy: boolean;
  onImport: (mapping: CsvMapping) => void;
}) {
  const [mapping, setMapping] = useState<Partial<CsvMapping>>(columns.guess);
  const [missing, setMissing] = useState(false);
  const example = (header: string) => {
    const i = columns.headers.indexOf(header);
    return columns.sample
      .map((row) => row[i] ?? '')
      .filter(Boolean)
      .slice(0, 2)
      .join(' · ');
  };
  const submit = () => {
    const { bookingDate } = mapping;
    const money = mapping.amount || (mapping.debit && mapping.credit);
    if (!bookingDate || !money || (!mapping.name && !mapping.purpose)) {
      setMissing(true);
      return;
    }
    onImport({ ...mapping, bookingDate });
  };
  const select = ({ key, label, required }: Field) => (
    <Select
      key={key}
      label={label}
      required={required}
      hint={mapping[key] ? `z. B. ${example(mapping[key] ?? '') || '–'}` : undefined}
      value={mapping[key] ?? ''}
      onChange={(event) => {
        setMissing(false);
        setMapping((m) => ({ ...m, [key]: event.target.value || undefined }));
      }}
    >
      <option value="">{required ? 'Bitte wählen' : 'keine'}</option>
      {columns.headers.map((h) => (
        <option key={h} value={h}>
          {h}
        </option>
      ))}
    </Select>
  );
  return (
    <fieldset className="flex flex-col gap-3 rounded-md border border-slate-200 p-3 sm:col-span-2">
      <legend className="px-1 text-sm font-semibold text-slate-900">Spalten dieser Bank zuordnen</legend>
      <p className="text-sm text-slate-700">
        Einmal je Bank: Umlage merkt sich die Zuordnung für die nächste Datei dieser Bank.
      </p>
      <div className="grid gap-3 sm:grid-cols-2">{FIELDS.map(select)}</div>
      <p className="text-sm text-slate-700">
        Nur falls die Bank Soll und Haben getrennt vom Betrag ausweist:
      </p>
      <div className="grid gap-3 sm:grid-cols-3">{DIRECTION_FIELDS.map(select)}</div>
      {missing && (
        <p role="alert" className="text-sm text-red-700">
          Bitte wählen Sie Buchungstag, Betrag (oder Soll und Haben) und den Namen oder den Verwendungszweck.
        </p>
      )}
      <Button loading={busy} className="self-start" onClick={submit}>
        Mit dieser Zuordnung importieren
      </Button>
    </fieldset>
  );
}
