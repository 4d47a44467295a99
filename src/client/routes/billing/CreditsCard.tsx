import { useQuery } from '@tanstack/react-query';
import { Coins } from 'lucide-react';
import { Link } from 'react-router';
import { formatDateDe } from '../../../shared/money';
import { LEDGER_REASON_LABELS } from '../../../shared/schemas/billing';
import { buttonClasses } from '../../components/ui/Button';
import { Card } from '../../components/ui/Card';
import { Spinner } from '../../components/ui/Spinner';
import { Table, TableBody, TableCell, TableHead, TableHeaderCell, TableRow } from '../../components/ui/Table';
import { errorMessage } from '../../lib/api';
import { ledgerQuery, packagesQuery } from './api';
import { PaymentsOffNotice } from './PaymentsOffNotice';

const signed = (delta: number) => (delta > 0 ? `+${delta}` : `−${Math.abs(delta)}`);

/** The dashboard's credit balance (one credit = one final statement) and its history. */
export function CreditsCard() {
  const { data, isPending, isError, error } = useQuery(ledgerQuery);
  const paymentsOff = useQuery(packagesQuery).data?.checkoutAvailable === false;
  return (
    <Card
      title="Credits"
      description="Ein Credit ist eine finale Abrechnung als PDF ohne Wasserzeichen."
      actions={
        paymentsOff ? undefined : (
          <Link to="/paywall" className={buttonClasses({ size: 'sm' })}>
            Credits kaufen
          </Link>
        )
      }
    >
      {paymentsOff && <PaymentsOffNotice className="mb-4" />}
      {isPending && <Spinner label="Credits werden geladen …" className="text-teal-700" />}
      {isError && (
        <p role="alert" className="text-red-800">
          {errorMessage(error)}
        </p>
      )}
      {data && (
        <>
          <p className="flex items-center gap-3">
            <Coins aria-hidden="true" className="size-8 text-teal-700" />
            <span>
              <span className="text-3xl font-bold text-slate-900" data-testid="credit-balance">
                {data.balance}
              </span>{' '}
              <span className="text-slate-700">
                {data.balance === 1 ? 'Credit verfügbar' : 'Credits verfügbar'}
              </span>
            </span>
          </p>
          {data.entries.length === 0 ? (
            <p className="mt-4 text-sm text-slate-600">Noch keine Buchungen.</p>
          ) : (
            <div className="mt-5">
              <Table caption="Verlauf Ihrer Credits">
                <TableHead>
                  <tr>
                    <TableHeaderCell>Datum</TableHeaderCell>
                    <TableHeaderCell>Vorgang</TableHeaderCell>
                    <TableHeaderCell className="text-right">Credits</TableHeaderCell>
                  </tr>
                </TableHead>
                <TableBody>
                  {data.entries.map((entry) => (
                    <TableRow key={entry.id}>
                      <TableCell>{formatDateDe(entry.createdAt)}</TableCell>
                      <TableCell>
                        {LEDGER_REASON_LABELS[entry.reason]}
                        {entry.packageName && `: Paket ${entry.packageName}`}
                      </TableCell>
                      <TableCell
                        className={
                          entry.delta > 0
                            ? 'text-right font-medium text-green-800'
                            : 'text-right text-slate-800'
                        }
                      >
                        {signed(entry.delta)}
                      </TableCell>
                    </TableRow>
                  ))}
                </TableBody>
              </Table>
            </div>
          )}
        </>
      )}
    </Card>
  );
}
