import { useMutation, useQueryClient } from '@tanstack/react-query';
import { STATEMENT_STATUSES, type StatementStatus } from '../../../shared/catalog';
import { Badge } from '../../components/ui/Badge';
import { cx } from '../../components/ui/cx';
import { controlClasses } from '../../components/ui/Field';
import { toast } from '../../components/ui/toast';
import { errorMessage } from '../../lib/api';
import { type Statement, setStatementStatus, statementQuery, statementsKey } from './api';

export function StatusBadge({ status }: { status: StatementStatus }) {
  const tone = STATEMENT_STATUSES.find((s) => s.value === status)?.color ?? 'gray';
  return <Badge tone={tone}>{status}</Badge>;
}

/** Lets the landlord track a statement: Entwurf → Erstellt → Versendet → Beglichen, or back. */
export function useStatusChange() {
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

export function StatusSelect({
  id,
  status,
  label,
  className,
}: {
  id: string;
  status: StatementStatus;
  /** Accessible name, e.g. 'Status von Abrechnung für Max'. */
  label: string;
  className?: string;
}) {
  const change = useStatusChange();
  return (
    <select
      aria-label={label}
      className={cx(controlClasses, 'h-8 w-auto pr-8 text-sm', className)}
      value={change.isPending && change.variables ? change.variables.status : status}
      disabled={change.isPending}
      onChange={(event) => {
        const next = STATEMENT_STATUSES.find((s) => s.value === event.target.value)?.value;
        if (next && next !== status) change.mutate({ id, status: next });
      }}
    >
      {STATEMENT_STATUSES.map((s) => (
        <option key={s.value} value={s.value}>
          {s.value}
        </option>
      ))}
    </select>
  );
}
