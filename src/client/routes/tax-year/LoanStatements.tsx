// The bank's yearly loan statements among the property's receipts: the interest each states goes into
// a loan with one click, where it wins over the computed one (docs/domain/tax-year.md, "Loans").

import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { formatCents } from '../../../shared/money';
import type { LoanJson, LoanStatementJson } from '../../../shared/schemas/tax-year';
import { FormError } from '../../components/FormError';
import { Button } from '../../components/ui/Button';
import { api, errorMessage } from '../../lib/api';
import { useCanEdit } from '../../lib/session';
import { loanStatementsUrl, loansKey, loanUrl, taxYearsKey } from './api';

export function LoanStatements({ propertyId, loans }: { propertyId: string; loans: readonly LoanJson[] }) {
  const statements = useQuery({
    queryKey: [...loansKey(propertyId), 'statements'],
    queryFn: ({ signal }) => api<LoanStatementJson[]>(loanStatementsUrl(propertyId), { signal }),
  });
  if (!statements.data || statements.data.length === 0) return null;
  return (
    <section aria-labelledby="loan-statements" className="flex flex-col gap-2 border-t border-slate-200 pt-3">
      <h3 id="loan-statements" className="text-sm font-semibold text-slate-900">
        Jahreskontoauszüge aus Ihren Belegen
      </h3>
      <ul className="divide-y divide-slate-100 text-sm">
        {statements.data.map((s) => (
          <Statement key={s.documentId} propertyId={propertyId} statement={s} loans={loans} />
        ))}
      </ul>
      {loans.length === 0 && (
        <p className="text-sm text-slate-600">
          Erfassen Sie zuerst das Darlehen, dann übernehmen Sie die Zinsen.
        </p>
      )}
    </section>
  );
}

function Statement({
  propertyId,
  statement: s,
  loans,
}: {
  propertyId: string;
  statement: LoanStatementJson;
  loans: readonly LoanJson[];
}) {
  const queryClient = useQueryClient();
  const canEdit = useCanEdit();
  const [busy, setBusy] = useState<string | null>(null);
  const [refused, setRefused] = useState<string | undefined>();
  const take = async (loan: LoanJson) => {
    setBusy(loan.id);
    try {
      const { id: _, propertyId: __, ...body } = loan;
      await api(loanUrl(propertyId, loan.id), {
        method: 'PUT',
        body: {
          ...body,
          statedInterest: [
            ...loan.statedInterest.filter((i) => i.year !== s.year),
            { year: s.year, cents: s.interestCents },
          ],
        },
      });
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: loansKey(propertyId) }),
        queryClient.invalidateQueries({ queryKey: taxYearsKey(propertyId) }),
      ]);
      setRefused(undefined);
    } catch (error) {
      setRefused(errorMessage(error));
    }
    setBusy(null);
  };
  return (
    <li className="flex flex-col gap-2 py-2">
      <span className="text-slate-800">
        {s.issuer ?? s.name} · {s.year}: Zinsen <strong>{formatCents(s.interestCents)}</strong>
        {s.repaymentCents !== null ? `, Tilgung ${formatCents(s.repaymentCents)} (keine Werbungskosten)` : ''}
      </span>
      <FormError message={refused} />
      {canEdit && (
        <span className="flex flex-wrap gap-2">
          {loans.map((loan) =>
            loan.statedInterest.some((i) => i.year === s.year && i.cents === s.interestCents) ? (
              <span key={loan.id} className="text-slate-600">
                Bei {loan.lender} übernommen
              </span>
            ) : (
              <Button
                key={loan.id}
                size="sm"
                variant="secondary"
                loading={busy === loan.id}
                onClick={() => void take(loan)}
              >
                Zinsen {s.year} für {loan.lender} übernehmen
              </Button>
            ),
          )}
        </span>
      )}
    </li>
  );
}
