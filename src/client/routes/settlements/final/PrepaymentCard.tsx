import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, Download } from 'lucide-react';
import { useState } from 'react';
import { centsToInput, formatCents, formatDateDe, parseMoney } from '../../../../shared/money';
import type { ProposalTenancy } from '../../../../shared/schemas/prepayment-proposal-json';
import { Button, buttonClasses } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { Input } from '../../../components/ui/Field';
import { toast } from '../../../components/ui/toast';
import { errorMessage } from '../../../lib/api';
import { acceptProposal, prepaymentLetterUrl, proposalQuery } from '../followUpApi';

/** § 560 Abs. 4 BGB: the proposed monthly prepayments, editable, with the letter and the takeover. */
export function PrepaymentCard({ settlementId }: { settlementId: string }) {
  const proposal = useQuery(proposalQuery(settlementId));
  const data = proposal.data;
  return (
    <Card
      title="Vorauszahlungen anpassen"
      description={
        data
          ? `Vorschlag nach § 560 Abs. 4 BGB: Ihr Anteil ÷ 12 (Teiljahr auf 12 Monate hochgerechnet, die Heizkosten nach Gradtagszahlen), auf volle Euro, ohne Sicherheitszuschlag. Gilt ab dem Monat nach Zugang des Schreibens, voraussichtlich ab ${formatDateDe(data.effectiveFrom)}.`
          : 'Vorschlag nach § 560 Abs. 4 BGB'
      }
    >
      {proposal.isError && <p className="text-sm text-red-700">{errorMessage(proposal.error)}</p>}
      {data && (
        <ul aria-label="Vorschläge für die Vorauszahlungen" className="divide-y divide-slate-200">
          {data.tenancies.map((t) => (
            <ProposalRow key={t.tenancyId} settlementId={settlementId} tenancy={t} />
          ))}
        </ul>
      )}
    </Card>
  );
}

function ProposalRow({ settlementId, tenancy }: { settlementId: string; tenancy: ProposalTenancy }) {
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState(centsToInput(tenancy.proposedMonthlyCents));
  const parsed = parseMoney(typed);
  const cents = parsed.ok && parsed.cents >= 0 ? parsed.cents : null;
  const accept = useMutation({
    mutationFn: (monthlyCents: number) => acceptProposal(settlementId, tenancy.tenancyId, monthlyCents),
    onSuccess: (done) => {
      void queryClient.invalidateQueries({ queryKey: ['properties'] });
      void queryClient.invalidateQueries({ queryKey: proposalQuery(settlementId).queryKey });
      toast({
        title: 'Vorauszahlung übernommen',
        description: `${tenancy.tenantName}: ${formatCents(done.monthlyCents)} monatlich ab ${formatDateDe(done.from)}.`,
      });
    },
    onError: (error) =>
      toast({ title: 'Nicht übernommen', description: errorMessage(error), variant: 'destructive' }),
  });
  const label = `${tenancy.tenantName} (${tenancy.unitLabel})`;
  return (
    <li className="flex flex-wrap items-end gap-x-4 gap-y-2 py-3 text-sm">
      <div className="min-w-48 flex-1">
        <p className="font-medium text-slate-900">{label}</p>
        <p className="text-slate-600">
          Anteil {formatCents(tenancy.shareCents)} für {tenancy.days} Tage · bisher{' '}
          {formatCents(tenancy.currentMonthlyCents)} monatlich
        </p>
      </div>
      {tenancy.ended ? (
        <p className="text-slate-600">Mietverhältnis beendet – keine Anpassung nötig.</p>
      ) : (
        <>
          <Input
            label={`Neue Vorauszahlung für ${tenancy.tenantName} (€ monatlich)`}
            className="w-56"
            inputMode="decimal"
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            error={cents === null ? 'Bitte geben Sie einen Betrag ein, z. B. 125,00.' : undefined}
          />
          <a
            href={cents === null ? undefined : prepaymentLetterUrl(settlementId, tenancy.tenancyId, cents)}
            download
            aria-disabled={cents === null}
            className={buttonClasses({ variant: 'secondary', size: 'sm' })}
          >
            <Download aria-hidden="true" className="size-4" />
            Schreiben (PDF)
          </a>
          <Button
            size="sm"
            loading={accept.isPending}
            disabled={cents === null}
            onClick={() => cents !== null && accept.mutate(cents)}
            aria-label={`Vorauszahlung für ${tenancy.tenantName} übernehmen`}
          >
            <Check aria-hidden="true" className="size-4" />
            Übernehmen
          </Button>
        </>
      )}
    </li>
  );
}
