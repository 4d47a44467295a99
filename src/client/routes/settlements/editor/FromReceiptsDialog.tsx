import { useQuery } from '@tanstack/react-query';
import { FileInput } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import type { CostPreset } from '../../../../shared/catalog';
import { shareOf, touchesPeriod } from '../../../../shared/receipts/share';
import type { CostDocumentsJson } from '../../../../shared/schemas/delivery';
import { Button } from '../../../components/ui/Button';
import { Checkbox } from '../../../components/ui/Checkbox';
import { Dialog } from '../../../components/ui/Dialog';
import { toast } from '../../../components/ui/toast';
import { api, errorMessage } from '../../../lib/api';
import { type DocumentItem, documentsQuery } from '../../documents/api';
import type { Settlement } from '../api';

/** Heating is booked in its own section; these lines stay out of the cost positions. */
const HEATING = new Set<string>(['Heizkosten', 'Warmwasser']);

interface Offer {
  document: DocumentItem;
  lines: Array<{ category: CostPreset; working: string }>;
  booked: boolean;
}

/**
 * "Aus Belegen übernehmen": the property's confirmed receipts whose service period touches the
 * settlement period, grouped by cost type with the days' share worked out, all ticked at first; ticked
 * ones become or extend cost positions, the receipts attached.
 */
export function FromReceiptsButton({
  settlement,
  receipts,
  unsaved,
  onBooked,
}: {
  settlement: Settlement;
  receipts: CostDocumentsJson;
  /** The form holds changes: they must be saved first, the server writes the saved draft. */
  unsaved: boolean;
  onBooked: (saved: Settlement) => Promise<void>;
}) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <Button variant="secondary" className="self-start" onClick={() => setOpen(true)}>
        <FileInput aria-hidden="true" className="size-4" />
        Aus Belegen übernehmen
      </Button>
      <Dialog
        open={open}
        onOpenChange={setOpen}
        title="Aus Belegen übernehmen"
        description="Bestätigte Belege dieser Immobilie, deren Leistungszeitraum die Abrechnung berührt."
        className="sm:max-w-2xl"
      >
        {open && (
          <Offers
            settlement={settlement}
            receipts={receipts}
            unsaved={unsaved}
            onDone={async (saved) => {
              await onBooked(saved);
              setOpen(false);
            }}
          />
        )}
      </Dialog>
    </>
  );
}

function Offers({
  settlement,
  receipts,
  unsaved,
  onDone,
}: {
  settlement: Settlement;
  receipts: CostDocumentsJson;
  unsaved: boolean;
  onDone: (saved: Settlement) => Promise<void>;
}) {
  const documents = useQuery(documentsQuery);
  // every receipt of the period starts ticked; the landlord unticks what stays out
  const [left, setLeft] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const period = { start: settlement.periodStart, end: settlement.periodEnd };
  const attached = new Set(receipts.flatMap((c) => c.documents.map((d) => d.id)));
  const own = (documents.data ?? []).filter((d) => d.propertyId === settlement.propertyId);
  const toCheck = own.filter((d) => !d.booking && d.recognition?.status === 'done').length;
  const offers: Offer[] = own.flatMap((document) => {
    const fields = document.booking;
    if (!fields || !touchesPeriod(fields, period)) return [];
    const lines = fields.lines.flatMap((l) =>
      l.category === null || HEATING.has(l.category)
        ? []
        : [
            {
              category: l.category,
              working: shareOf(l.category, l.amountCents, fields.servicePeriod, period).working,
            },
          ],
    );
    return lines.length === 0 ? [] : [{ document, lines, booked: attached.has(document.id) }];
  });
  const open = offers.filter((o) => !o.booked).map((o) => o.document.id);
  const chosen = new Set(open.filter((id) => !left.has(id)));
  const groups = new Map<string, Offer[]>();
  for (const offer of offers) {
    const key = offer.lines.length > 1 ? 'Mehrere Kostenarten' : (offer.lines[0]?.category ?? '');
    groups.set(key, [...(groups.get(key) ?? []), offer]);
  }

  const book = async () => {
    setBusy(true);
    try {
      const saved = await api<Settlement>(
        `/api/settlements/${encodeURIComponent(settlement.id)}/costs/from-documents`,
        {
          method: 'POST',
          body: { documentIds: [...chosen] },
        },
      );
      await onDone(saved);
      toast({
        title: 'Aus Belegen übernommen',
        description:
          chosen.size === 1 ? '1 Beleg wurde übernommen.' : `${chosen.size} Belege wurden übernommen.`,
      });
    } catch (error) {
      toast({ title: 'Nicht übernommen', description: errorMessage(error), variant: 'destructive' });
    } finally {
      setBusy(false);
    }
  };

  if (documents.isPending) return <p className="text-sm text-slate-700">Belege werden geladen …</p>;
  return (
    <div className="flex flex-col gap-4">
      {toCheck > 0 && (
        <p className="rounded-md border border-orange-200 bg-orange-50 p-3 text-sm text-orange-900">
          {toCheck === 1 ? '1 erkannter Beleg wartet' : `${toCheck} erkannte Belege warten`} noch auf Ihre
          Prüfung.{' '}
          <Link to="/dashboard/belege" className="font-medium underline">
            Zu den Belegen
          </Link>
        </p>
      )}
      {open.length > 1 && (
        <div className="flex gap-2">
          <Button variant="ghost" size="sm" onClick={() => setLeft(new Set())}>
            Alle auswählen
          </Button>
          <Button variant="ghost" size="sm" onClick={() => setLeft(new Set(open))}>
            Keine auswählen
          </Button>
        </div>
      )}
      {offers.length === 0 ? (
        <p className="text-sm text-slate-700">Keine bestätigten Belege für diesen Zeitraum.</p>
      ) : (
        [...groups.entries()].map(([group, list]) => (
          <fieldset key={group} className="flex flex-col gap-2">
            <legend className="mb-1 text-sm font-semibold text-slate-900">{group}</legend>
            {list.map(({ document, lines, booked }) => (
              <div key={document.id} className="rounded-md border border-slate-200 p-3">
                <Checkbox
                  label={`${document.booking?.issuer ?? document.name}${booked ? ' (bereits übernommen)' : ''}`}
                  checked={booked || chosen.has(document.id)}
                  disabled={booked}
                  onChange={(event) => {
                    const on = event.target.checked;
                    setLeft((set) => {
                      const next = new Set(set);
                      if (on) next.delete(document.id);
                      else next.add(document.id);
                      return next;
                    });
                  }}
                />
                <ul className="mt-1 ml-7 text-sm text-slate-700">
                  {lines.map((l) => (
                    <li key={l.category}>{l.working}</li>
                  ))}
                </ul>
              </div>
            ))}
          </fieldset>
        ))
      )}
      {unsaved && (
        <p role="alert" className="text-sm text-red-800">
          Bitte speichern Sie zuerst Ihre Änderungen.
        </p>
      )}
      <div className="flex justify-end">
        <Button disabled={unsaved || chosen.size === 0} loading={busy} onClick={() => void book()}>
          {chosen.size === 1 ? '1 Beleg übernehmen' : `${chosen.size} Belege übernehmen`}
        </Button>
      </div>
    </div>
  );
}
