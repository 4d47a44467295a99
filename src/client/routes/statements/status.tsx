import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Check, ChevronDown } from 'lucide-react';
import { DropdownMenu } from 'radix-ui';
import { STATEMENT_STATUSES, type StatementStatus } from '../../../shared/catalog';
import { Badge, type BadgeTone } from '../../components/ui/Badge';
import { cx } from '../../components/ui/cx';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { type Statement, setStatementStatus, statementQuery, statementsKey } from './api';

function toneOf(status: StatementStatus): BadgeTone {
  return STATEMENT_STATUSES.find((s) => s.value === status)?.color ?? 'gray';
}

export function StatusBadge({ status }: { status: StatementStatus }) {
  return <Badge tone={toneOf(status)}>{status}</Badge>;
}

/** Lets the landlord track a statement: Entwurf → Erstellt → Versendet → Beglichen, or back. */
function useStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, status }: { id: string; status: StatementStatus }) => setStatementStatus(id, status),
    onSuccess: (saved: Statement) => {
      queryClient.setQueryData(statementQuery(saved.id).queryKey, saved);
      void queryClient.invalidateQueries({ queryKey: statementsKey, exact: true });
      toast({ title: 'Status geändert', description: `Die Abrechnung ist jetzt „${saved.status}“.` });
    },
    onError: (error) => {
      toast({ title: 'Status nicht geändert', description: errorMessage(error), variant: 'destructive' });
    },
  });
}

/** The status badge as a button that opens the list of statuses. */
export function StatusMenu({ id, status, title }: { id: string; status: StatementStatus; title: string }) {
  const change = useStatusChange();
  const shown = change.isPending && change.variables ? change.variables.status : status;
  return (
    <DropdownMenu.Root>
      <DropdownMenu.Trigger
        aria-label={`Status von „${title}“: ${shown}. Ändern`}
        disabled={change.isPending}
        className="group inline-flex items-center gap-1 rounded-full focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-teal-700 disabled:opacity-60"
      >
        <Badge tone={toneOf(shown)} className="gap-1 pr-1.5">
          {shown}
          <ChevronDown
            aria-hidden="true"
            className="size-3.5 transition-transform group-data-[state=open]:rotate-180"
          />
        </Badge>
      </DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content
          align="start"
          sideOffset={4}
          className="z-50 min-w-40 rounded-md border border-slate-200 bg-white p-1 text-sm shadow-lg"
        >
          <DropdownMenu.Label className="px-2 py-1.5 text-xs font-medium text-slate-600">
            Status ändern
          </DropdownMenu.Label>
          <DropdownMenu.RadioGroup
            value={shown}
            onValueChange={(value) => {
              const next = STATEMENT_STATUSES.find((s) => s.value === value)?.value;
              if (next && next !== status) change.mutate({ id, status: next });
            }}
          >
            {STATEMENT_STATUSES.map((s) => (
              <DropdownMenu.RadioItem
                key={s.value}
                value={s.value}
                className={cx(
                  'flex cursor-pointer items-center gap-2 rounded px-2 py-1.5 text-slate-800 outline-none',
                  'data-[highlighted]:bg-slate-100',
                )}
              >
                <span className="flex size-4 items-center justify-center">
                  <DropdownMenu.ItemIndicator>
                    <Check aria-hidden="true" className="size-4" />
                  </DropdownMenu.ItemIndicator>
                </span>
                <Badge tone={s.color}>{s.value}</Badge>
              </DropdownMenu.RadioItem>
            ))}
          </DropdownMenu.RadioGroup>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
