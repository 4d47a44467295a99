import { useQuery } from '@tanstack/react-query';
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
