import { useQuery } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { formatCents, formatNumberDe, formatPercentHundredths } from '../../../shared/money';
import { ownLabourText, withoutReceiptText } from '../../../shared/print-model/anlage-v-help';
import type { TaxYearJson } from '../../../shared/schemas/tax-year';
import { Button } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { api, errorMessage } from '../../lib/api';
import { AdviserDownloads } from './AdviserDownloads';
import { AnlageVLines } from './AnlageVLines';
import { taxYearKey, taxYearUrl } from './api';
import { CoOwnersDialog } from './CoOwnersDialog';
import { DepreciationDialog } from './DepreciationDialog';
import { LoansDialog } from './LoansDialog';
import { UnmatchedBookings } from './UnmatchedBookings';

/**
 * A property's Anlage V for a year (docs/domain/tax-year.md): every line of the form Umlage can fill,
 * each opening the bank lines, receipts, loans and AfA it sums; what is a guess says so. Shows the last
 * calendar year first.
 */
export function TaxYearCard({ propertyId, today }: { propertyId: string; today: string }) {
  const lastYear = Number(today.slice(0, 4)) - 1;
  const [year, setYear] = useState(lastYear);
  const [dialog, setDialog] = useState<'loans' | 'depreciation' | 'co-owners' | null>(null);
  const selectId = useId();
  const answer = useQuery({
    queryKey: taxYearKey(propertyId, year),
    queryFn: ({ signal }) => api<TaxYearJson>(taxYearUrl(propertyId, year), { signal }),
  });
  return (
    <Card
      title="Steuerjahr: Anlage V"
      description="Einnahmen nach Zufluss, Werbungskosten nach Abfluss (§ 11 EStG); jede Zahl öffnet, was sie summiert."
      actions={
        <div className="flex items-center gap-2">
          <label htmlFor={selectId} className="text-sm font-medium text-slate-800">
            Jahr
          </label>
          <select
            id={selectId}
            value={year}
            onChange={(event) => setYear(Number(event.target.value))}
            className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm"
          >
            {[lastYear + 1, lastYear, lastYear - 1, lastYear - 2].map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </div>
      }
    >
      {answer.isPending && <Spinner label="Anlage V wird berechnet …" className="text-teal-700" />}
      {answer.isError && (
        <p role="alert" className="text-sm text-red-700">
          {errorMessage(answer.error)}
        </p>
      )}
      {answer.data && (
        <div className="flex flex-col gap-4">
          <Notices data={answer.data} />
          <AnlageVLines propertyId={propertyId} data={answer.data} />
          <UnmatchedBookings propertyId={propertyId} data={answer.data} />
          <div className="flex flex-wrap gap-2 border-t border-slate-200 pt-3">
            <Button variant="secondary" size="sm" onClick={() => setDialog('loans')}>
              Darlehen
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDialog('depreciation')}>
              AfA des Gebäudes
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDialog('co-owners')}>
              Miteigentümer
            </Button>
          </div>
          {answer.data.coOwners.length > 0 && <OwnerShares data={answer.data} />}
          <AdviserDownloads propertyId={propertyId} year={year} />
        </div>
      )}
      <LoansDialog
        propertyId={propertyId}
        year={year}
        open={dialog === 'loans'}
        onClose={() => setDialog(null)}
      />
      <CoOwnersDialog propertyId={propertyId} open={dialog === 'co-owners'} onClose={() => setDialog(null)} />
      <DepreciationDialog
        propertyId={propertyId}
        open={dialog === 'depreciation'}
        onClose={() => setDialog(null)}
      />
    </Card>
  );
}

/** What the year does not count yet, or counts with a cut: bank files missing, receipts open, own use. */
function Notices({ data }: { data: TaxYearJson }) {
  const v = data.anlageV;
  const notices = [
    data.notice,
    v.form === null
      ? `Die Zeilennummern der Anlage V ${data.year} sind noch nicht hinterlegt; die Beträge stehen ohne Zeile.`
      : null,
    data.receiptsToCheck.unconfirmed > 0
      ? `${data.receiptsToCheck.unconfirmed} ${data.receiptsToCheck.unconfirmed === 1 ? 'Beleg ist' : 'Belege sind'} gelesen, aber nicht bestätigt – ${data.receiptsToCheck.unconfirmed === 1 ? 'er zählt' : 'sie zählen'} erst nach der Bestätigung.`
      : null,
    data.receiptsToCheck.withoutReceipt.length > 0 ? withoutReceiptText(data) : null,
    data.receiptsToCheck.undated.length > 0
      ? `Ohne Datum, daher in keinem Jahr: ${data.receiptsToCheck.undated.map((d) => d.name).join(', ')}.`
      : null,
  ].filter((n): n is string => Boolean(n));
  return (
    <>
      {notices.map((n) => (
        <p
          key={n}
          className="rounded-md border border-amber-200 bg-amber-50 px-3 py-2 text-sm text-amber-900"
        >
          {n}
        </p>
      ))}
      {data.ownLabour35a.length > 0 && <p className="text-sm text-slate-700">{ownLabourText(data)}</p>}
      {v.ownUseShareHundredths > 0 && (
        <p className="text-sm text-slate-700">
          Eigennutzung: {formatNumberDe(v.ownUseArea, 2)} von {formatNumberDe(v.livingArea, 2)} m² im
          Jahresmittel – {formatPercentHundredths(v.ownUseShareHundredths)} der Werbungskosten sind nicht
          abziehbar.
        </p>
      )}
    </>
  );
}

/** Each co-owner's part of the year, to the cent. */
function OwnerShares({ data }: { data: TaxYearJson }) {
  return (
    <section aria-label="Aufteilung auf die Miteigentümer" className="flex flex-col gap-1">
      <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        Aufteilung auf die Miteigentümer
      </h3>
      <ul className="divide-y divide-slate-200 text-sm">
        {data.coOwners.map((o) => (
          <li key={o.name} className="flex flex-wrap justify-between gap-2 py-1.5">
            <span>
              {o.name} ({o.numerator}/{o.denominator})
            </span>
            <span className="tabular-nums text-slate-700">
              Einnahmen {formatCents(o.incomeCents)} · Werbungskosten {formatCents(o.expensesCents)} ·{' '}
              <strong className="text-slate-900">Überschuss {formatCents(o.surplusCents)}</strong>
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
