import { useQuery } from '@tanstack/react-query';
import { FileText } from 'lucide-react';
import { formatCents, formatDateDe } from '../../../shared/money';
import type { DepositJson } from '../../../shared/schemas/deposit';
import type { TenancyJson } from '../../../shared/schemas/settlement-json';
import { FormError } from '../../components/FormError';
import { Dialog } from '../../components/ui/Dialog';
import { Spinner } from '../../components/ui/Spinner';
import { api, errorMessage } from '../../lib/api';
import { DepositEntry } from './DepositEntry';
import { DepositSettlementForm, SettledDeposit } from './DepositSettlementForm';
import { depositKey, depositUrl } from './depositApi';

/** The tenancy's deposit (docs/domain/deposits.md): entered, grown by its interest, settled after the move-out. */
export function DepositDialog({ tenancy, onClose }: { tenancy: TenancyJson | null; onClose: () => void }) {
  const deposit = useQuery({
    queryKey: depositKey(tenancy?.id ?? ''),
    queryFn: ({ signal }) => api<DepositJson | null>(depositUrl(tenancy?.id ?? ''), { signal }),
    enabled: tenancy !== null,
  });
  return (
    <Dialog
      open={tenancy !== null}
      onOpenChange={(open) => !open && onClose()}
      title={`Kaution ${tenancy?.tenant.name ?? ''}`}
      description="Höchstens drei Nettokaltmieten, in drei Monatsraten zahlbar; die Zinsen gehören dem Mieter (§ 551 BGB)."
      className="sm:max-w-2xl"
    >
      {deposit.isPending || !tenancy ? (
        <Spinner label="Kaution wird geladen …" />
      ) : deposit.isError ? (
        <FormError message={errorMessage(deposit.error)} />
      ) : (
        <DepositBody tenancy={tenancy} deposit={deposit.data} />
      )}
    </Dialog>
  );
}

function DepositBody({ tenancy, deposit }: { tenancy: TenancyJson; deposit: DepositJson | null }) {
  return (
    <div className="flex flex-col gap-5">
      {deposit && (
        <p className="text-sm text-slate-800">
          Eingezahlt {formatCents(deposit.paidCents)}, Zinsen {formatCents(deposit.interestCents)}:{' '}
          <strong>
            Stand am {formatDateDe(deposit.asOf)} {formatCents(deposit.balanceCents)}
          </strong>
        </p>
      )}
      {deposit && <YearStatements tenancy={tenancy} deposit={deposit} />}
      {deposit?.settlement ? (
        <SettledDeposit tenancy={tenancy} settlement={deposit.settlement} />
      ) : (
        <>
          <DepositEntry tenancy={tenancy} deposit={deposit} />
          {deposit?.proposal && <DepositSettlementForm tenancy={tenancy} deposit={deposit} />}
        </>
      )}
    </div>
  );
}

/** The yearly statements for the tenant: each ended year from the first payment, while money was held. */
function YearStatements({ tenancy, deposit }: { tenancy: TenancyJson; deposit: DepositJson }) {
  const first = deposit.received[0]?.date;
  if (deposit.form === 'guarantee' || !first) return null;
  const last = Math.min(new Date().getFullYear() - 1, Number((tenancy.end ?? '9999').slice(0, 4)));
  const years = [];
  for (let year = Number(first.slice(0, 4)); year <= last; year++) years.push(year);
  if (years.length === 0) return null;
  return (
    <p className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-800">
      <span>Jahresmitteilung an den Mieter:</span>
      {years.map((year) => (
        <a
          key={year}
          href={`${depositUrl(tenancy.id)}/statements/${year}.pdf`}
          aria-label={`Jahresmitteilung ${year} (PDF)`}
          className="inline-flex min-h-6 items-center gap-1 font-medium text-teal-800 underline"
        >
          <FileText aria-hidden="true" className="size-4" />
          {year}
        </a>
      ))}
    </p>
  );
}
