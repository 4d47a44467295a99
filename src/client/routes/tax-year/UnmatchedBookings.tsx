// The year's bookings of the property's bank files that are assigned to nothing: in no figure of the
// Anlage V until sorted: a payment out as a cost of the house or ignored, one click each, "immer so"
// for the payer's later ones; money in belongs to a tenancy, sorted on the payments page
// (docs/domain/tax-year.md).

import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { formatCents, formatDateDe } from '../../../shared/money';
import type { TaxYearJson } from '../../../shared/schemas/tax-year';
import { FormError } from '../../components/FormError';
import { Button } from '../../components/ui/Button';
import { Checkbox } from '../../components/ui/Checkbox';
import { errorMessage } from '../../lib/api';
import { useCanEdit } from '../../lib/session';
import { assign, bankKey } from '../bank/api';
import { taxYearsKey } from './api';

type Booking = TaxYearJson['receiptsToCheck']['unmatched'][number];

/** Shown at first; the rest on request. */
const FIRST = 5;

export function UnmatchedBookings({ propertyId, data }: { propertyId: string; data: TaxYearJson }) {
  const bookings = data.receiptsToCheck.unmatched;
  const canEdit = useCanEdit();
  const [remember, setRemember] = useState(true);
  const [all, setAll] = useState(false);
  if (bookings.length === 0) return null;
  const shown = all ? bookings : bookings.slice(0, FIRST);
  return (
    <section aria-labelledby="unmatched-bookings" className="flex flex-col gap-2">
      <h3 id="unmatched-bookings" className="text-sm font-semibold uppercase tracking-wide text-slate-600">
        Nicht zugeordnete Buchungen {data.year} ({bookings.length})
      </h3>
      <p className="text-sm text-slate-700">
        Sie zählen in keiner Zeile, bis Sie sie zuordnen. Eingänge eines Mieters ordnen Sie auf der Seite{' '}
        <Link to="/dashboard/zahlungen" className="font-medium text-teal-800 underline">
          Zahlungen
        </Link>{' '}
        seinem Mietverhältnis zu.
      </p>
      {canEdit && (
        <Checkbox
          label="Immer so für denselben Zahler"
          checked={remember}
          onChange={(event) => setRemember(event.target.checked)}
        />
      )}
      <ul className="divide-y divide-slate-100 text-sm">
        {shown.map((b) => (
          <Row
            key={b.transactionId}
            propertyId={propertyId}
            booking={b}
            remember={remember}
            canEdit={canEdit}
          />
        ))}
      </ul>
      {shown.length < bookings.length && (
        <Button variant="secondary" size="sm" className="self-start" onClick={() => setAll(true)}>
          Alle {bookings.length} zeigen
        </Button>
      )}
    </section>
  );
}

function Row({
  propertyId,
  booking: b,
  remember,
  canEdit,
}: {
  propertyId: string;
  booking: Booking;
  remember: boolean;
  canEdit: boolean;
}) {
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<'cost' | 'ignored' | null>(null);
  const [refused, setRefused] = useState<string | undefined>();
  const sort = async (kind: 'cost' | 'ignored') => {
    setBusy(kind);
    try {
      await assign(b.transactionId, { kind }, remember);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: taxYearsKey(propertyId) }),
        queryClient.invalidateQueries({ queryKey: bankKey }),
      ]);
    } catch (error) {
      setRefused(errorMessage(error));
      setBusy(null);
    }
  };
  const label = `${formatDateDe(b.bookingDate)} ${b.party}`;
  return (
    <li className="flex flex-col gap-2 py-2 sm:flex-row sm:items-center sm:justify-between">
      <span className="min-w-0 break-words text-slate-800">
        {formatDateDe(b.bookingDate)} · {b.party || 'ohne Namen'} ·{' '}
        <span className="whitespace-nowrap tabular-nums">{formatCents(b.cents)}</span>
      </span>
      <FormError message={refused} />
      {b.cents > 0 ? (
        // money in is a tenant's, an office's for him, or a refund: decided where the tenancies are
        <Link
          to="/dashboard/zahlungen"
          className="shrink-0 text-sm font-medium text-teal-800 underline"
          aria-label={`Auf der Seite Zahlungen zuordnen: ${label}`}
        >
          Zuordnen
        </Link>
      ) : (
        canEdit && (
          <span className="flex shrink-0 gap-2">
            <Button
              size="sm"
              variant="secondary"
              loading={busy === 'cost'}
              aria-label={`Kosten des Hauses: ${label}`}
              onClick={() => void sort('cost')}
            >
              Kosten des Hauses
            </Button>
            <Button
              size="sm"
              variant="secondary"
              loading={busy === 'ignored'}
              aria-label={`Ignorieren: ${label}`}
              onClick={() => void sort('ignored')}
            >
              Ignorieren
            </Button>
          </span>
        )
      )}
    </li>
  );
}
