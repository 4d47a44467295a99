import { Landmark } from 'lucide-react';
import { useState } from 'react';
import { useFormContext } from 'react-hook-form';
import { Link } from 'react-router';
import { centsToInput, formatCents, parseMoney } from '../../../../shared/money';
import type { TenancyJson } from '../../../../shared/schemas/settlement-json';
import { Section } from '../../../components/Section';
import { Button } from '../../../components/ui/Button';
import { Input } from '../../../components/ui/Field';
import { RentAccountDialog } from '../../buildings/RentAccountDialog';
import type { Settlement } from '../api';
import type { Figures } from '../results/figures';
import type { SettlementFormValues } from './formValues';

/**
 * The prepayments a tenant actually paid, where they differ from the agreed ones; with bank files,
 * what they say was paid, taken over with one click and shown line by line.
 */
export function PrepaymentsSection({
  settlement,
  statements,
  tenancies,
  period,
}: {
  settlement: Settlement;
  /** The period's tenant results in the house's unit order. */
  statements: Figures['statements'];
  tenancies: TenancyJson[];
  period: { periodStart: string; periodEnd: string };
}) {
  const {
    register,
    setValue,
    formState: { errors },
  } = useFormContext<SettlementFormValues>();
  const [rentAccountOf, setAccountOf] = useState<TenancyJson | null>(null);
  // the prepayments the bank files say were paid, per tenancy they know
  const fromBank = new Map(
    settlement.statements.flatMap((s) =>
      s.prepaymentsFromBankCents === null ? [] : [[s.tenancyId, s.prepaymentsFromBankCents] as const],
    ),
  );
  return (
    <Section
      title="Tatsächlich gezahlte Vorauszahlungen"
      description="Nur ausfüllen, wenn ein Mieter anders gezahlt hat als vereinbart. Leer: die vereinbarten Vorauszahlungen anteilig nach Tagen."
    >
      {statements.length === 0 && <p className="text-sm text-slate-700">Keine Mieter im Zeitraum.</p>}
      {fromBank.size > 0 && (
        <div className="flex flex-wrap items-center gap-3 sm:col-span-2">
          <Button
            variant="secondary"
            onClick={() => {
              for (const [tenancyId, cents] of fromBank) {
                setValue(`prepaymentsPaid.${tenancyId}`, centsToInput(cents), { shouldDirty: true });
              }
            }}
          >
            <Landmark aria-hidden="true" className="size-4" />
            Aus dem Kontoauszug übernehmen
          </Button>
          <Link to="/dashboard/zahlungen" className="text-sm font-medium text-teal-800 underline">
            Buchungen ansehen
          </Link>
        </div>
      )}
      {statements.map((s) => (
        <div key={s.tenancyId} className="flex flex-col gap-1">
          <Input
            label={`${s.tenantName} (${s.unitLabel}) in €`}
            inputMode="decimal"
            autoComplete="off"
            hint={
              fromBank.has(s.tenancyId)
                ? `Laut Kontoauszug gezahlt: ${formatCents(fromBank.get(s.tenancyId) ?? 0)}`
                : undefined
            }
            placeholder={s.prepaymentEntered ? undefined : centsToInput(s.prepaymentCents)}
            error={errors.prepaymentsPaid?.[s.tenancyId]?.message}
            {...register(`prepaymentsPaid.${s.tenancyId}`, {
              onBlur: (event: { target: { value: string } }) => {
                const parsed = parseMoney(event.target.value);
                if (parsed.ok && parsed.cents >= 0) {
                  setValue(`prepaymentsPaid.${s.tenancyId}`, centsToInput(parsed.cents));
                }
              },
            })}
          />
          {fromBank.has(s.tenancyId) && (
            <button
              type="button"
              className="self-start text-sm font-medium text-teal-800 underline"
              onClick={() => setAccountOf(tenancies.find((t) => t.id === s.tenancyId) ?? null)}
            >
              Buchungen<span className="sr-only"> von {s.tenantName}</span> ansehen
            </button>
          )}
        </div>
      ))}
      <RentAccountDialog
        tenancy={rentAccountOf}
        covered={{ from: period.periodStart, to: period.periodEnd }}
        onClose={() => setAccountOf(null)}
      />
    </Section>
  );
}
