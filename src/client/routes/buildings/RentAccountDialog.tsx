import { useQuery } from '@tanstack/react-query';
import { formatCents, formatDateDe, formatMonthDe } from '../../../shared/money';
import type { TenancyAccountJson } from '../../../shared/schemas/bank';
import type { TenancyJson } from '../../../shared/schemas/settlement-json';
import { Dialog } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../components/ui/Table';
import { api } from '../../lib/api';

/**
 * The tenancy's account (Mietkonto) since the bank files begin: per month what was due, what
 * the bank says was paid, what is open, and the bank lines that paid it.
 */
export function RentAccountDialog({
  tenancy,
  covered,
  onClose,
}: {
  tenancy: TenancyJson | null;
  /** The days the bank files cover. */
  covered: { from: string; to: string } | null;
  onClose: () => void;
}) {
  const range = covered ? `?${new URLSearchParams(covered)}` : '';
  const account = useQuery({
    queryKey: ['tenancy-account', tenancy?.id, range],
    queryFn: ({ signal }) =>
      api<TenancyAccountJson>(`/api/tenancies/${encodeURIComponent(tenancy?.id ?? '')}/account${range}`, {
        signal,
      }),
    enabled: tenancy !== null,
  });
  return (
    <Dialog
      open={tenancy !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Mietkonto ${tenancy?.tenant.name ?? ''}`}
      description="Fällig nach Mietvertrag, gezahlt laut Kontoauszug. Zahlungen ohne Zweck tilgen zuerst offene Vorauszahlungen, dann die Miete, ältere Monate zuerst (§ 366 Abs. 2 BGB)."
      className="sm:max-w-3xl"
    >
      {!account.data ? (
        <Spinner label="Mietkonto wird geladen …" />
      ) : (
        <Table caption={`Mietkonto ${tenancy?.tenant.name ?? ''}`}>
          <TableHead>
            <TableRow>
              <TableHeaderCell>Monat</TableHeaderCell>
              <TableHeaderCell className="text-right">Fällig</TableHeaderCell>
              <TableHeaderCell className="text-right">Gezahlt</TableHeaderCell>
              <TableHeaderCell className="text-right">Offen</TableHeaderCell>
              <TableHeaderCell>Buchungen</TableHeaderCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {account.data.months.map((m) => (
              <TableRow key={m.month}>
                <TableCell className="whitespace-nowrap">{formatMonthDe(m.month)}</TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCents(m.due.prepaymentCents + m.due.rentCents)}
                </TableCell>
                <TableCell className="text-right tabular-nums">
                  {formatCents(m.paid.prepaymentCents + m.paid.rentCents)}
                </TableCell>
                <TableCell
                  className={
                    m.openCents > 0
                      ? 'text-right font-medium text-red-800 tabular-nums'
                      : 'text-right tabular-nums'
                  }
                >
                  {formatCents(m.openCents)}
                </TableCell>
                <TableCell className="text-slate-700">
                  {m.lines.map((l) => `${formatDateDe(l.bookingDate)}: ${formatCents(l.cents)}`).join(', ') ||
                    '–'}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </Dialog>
  );
}
