import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FileCheck2 } from 'lucide-react';
import { useState } from 'react';
import { Button } from '../../../components/ui/Button';
import { Card } from '../../../components/ui/Card';
import { confirm } from '../../../components/ui/confirm';
import { toast } from '../../../components/ui/toast';
import { useCheckedWarnings, WarningChecklist } from '../../../components/WarningChecklist';
import { ApiError, errorMessage } from '../../../lib/api';
import { meQueryKey, useMe } from '../../../lib/session';
import { BuyMissingCredits } from '../../billing/BuyMissingCredits';
import { finalizeSettlement, type Settlement, settlementQuery, settlementsKey } from '../api';

export const creditsText = (n: number) => `${n} ${n === 1 ? 'Credit' : 'Credits'}`;

/** One credit per tenant statement, unless the server says what a correction costs. */
export const creditsNeeded = (s: Settlement) => s.creditsNeeded ?? s.statements.length;

/** A draft's last step: every tenant's final letter for the credits it takes; the figures freeze. */
export function FinalizePanel({ settlement, dirty }: { settlement: Settlement; dirty: boolean }) {
  const queryClient = useQueryClient();
  const { data: me } = useMe();
  const [problem, setProblem] = useState<{ message: string; paywall: boolean } | null>(null);
  const needed = creditsNeeded(settlement);
  // the saved state is what gets finalized; its errors block it on the server as well
  const blocking = settlement.warnings.filter((w) => w.severity === 'error');
  // warnings do not block, but each must be ticked as checked; the server refuses the rest (409)
  const hints = settlement.warnings.filter((w) => w.severity === 'warning');
  const { checked, tick, confirmed, unchecked } = useCheckedWarnings(hints);

  const finalize = useMutation({
    mutationFn: () => finalizeSettlement(settlement.id, confirmed),
    onSuccess: (saved) => {
      setProblem(null);
      queryClient.setQueryData(settlementQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: settlementsKey, exact: true });
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
      toast({
        title: 'Hausabrechnung finalisiert',
        description: 'Die Schreiben stehen zum Download bereit.',
      });
    },
    onError: (error) => {
      const paywall = error instanceof ApiError && error.status === 402;
      setProblem({ message: errorMessage(error), paywall });
      if (paywall) void queryClient.invalidateQueries({ queryKey: meQueryKey });
    },
  });

  const ask = async () => {
    const ok = await confirm({
      title: 'Hausabrechnung finalisieren?',
      description:
        `Es werden ${settlement.statements.length} Schreiben erstellt; das kostet ${creditsText(needed)}. ` +
        'Danach sind die Zahlen eingefroren; Änderungen nur noch über eine Korrektur.',
      confirmLabel: `Finalisieren (${creditsText(needed)})`,
    });
    if (ok) finalize.mutate();
  };

  return (
    <Card
      title="Finalisieren"
      description={
        me ? (
          <>
            Ihre Credits: <strong className="text-slate-900">{creditsText(me.credits)}</strong>. Je
            Mieterschreiben ein Credit; die Vorschau ist kostenlos.
          </>
        ) : undefined
      }
    >
      <div className="flex flex-col gap-4">
        {dirty && (
          <p className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            Es gibt ungespeicherte Änderungen. Vorschau und Finalisieren verwenden den gespeicherten Stand –
            bitte zuerst speichern.
          </p>
        )}
        {blocking.length > 0 && (
          <div className="rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800">
            <p className="font-medium">Vor dem Finalisieren zu beheben:</p>
            <ul className="mt-1 list-disc pl-5">
              {blocking.map((w) => (
                <li key={w.path + w.code}>{w.message}</li>
              ))}
            </ul>
          </div>
        )}
        <WarningChecklist warnings={hints} checked={checked} onTick={tick} before="dem Finalisieren" />
        {me && me.credits < needed && !problem && (
          <div className="flex flex-col gap-2 rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-900">
            <p>Für das Finalisieren fehlen {creditsText(needed - me.credits)}.</p>
            <BuyMissingCredits missing={needed - me.credits} />
          </div>
        )}
        {problem && (
          <div
            role="alert"
            className="flex flex-col gap-2 rounded-md border border-red-200 bg-red-50 p-3 text-sm text-red-800"
          >
            <p>{problem.message}</p>
            {problem.paywall && me && <BuyMissingCredits missing={Math.max(1, needed - me.credits)} />}
          </div>
        )}
        <Button
          className="self-start"
          loading={finalize.isPending}
          disabled={dirty || blocking.length > 0 || unchecked > 0 || settlement.statements.length === 0}
          onClick={() => void ask()}
        >
          <FileCheck2 aria-hidden="true" className="size-4" />
          Finalisieren ({creditsText(needed)})
        </Button>
      </div>
    </Card>
  );
}
