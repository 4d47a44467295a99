// The tenancy dialog's values: euros and persons as typed text, turned into the API's request
// (integer cents) and then checked by the very schema the server uses.

import { addDays } from '../../../shared/dates';
import { centsToInput } from '../../../shared/money';
import { countField, moneyField } from '../../../shared/schemas/fields';
import { tenancyInputSchema } from '../../../shared/schemas/house';
import { SETTLEMENT_MESSAGES } from '../../../shared/schemas/settlement-fields';
import type { TenancyJson } from '../../../shared/schemas/settlement-json';
import { z } from '../../../shared/schemas/zod';
import { ApiError } from '../../lib/api';

export const TENANCY_FORM_MESSAGES = {
  prepaymentRequired: 'Bitte geben Sie die monatliche Vorauszahlung ein.',
  changeEmpty: 'Bitte geben Sie die neue Personenzahl oder die neue Vorauszahlung an.',
} as const;

const persons = (required?: string) =>
  countField({
    required,
    min: { value: 0, message: SETTLEMENT_MESSAGES.persons },
    max: { value: 99, message: SETTLEMENT_MESSAGES.persons },
    invalid: SETTLEMENT_MESSAGES.persons,
  });

const euros = moneyField({ min: { value: 0, message: SETTLEMENT_MESSAGES.notNegative } });

export const tenancyFormSchema = z
  .object({
    kind: z.enum(['tenant', 'own-use']),
    tenant: z.object({ name: z.string(), street: z.string(), city: z.string(), email: z.string() }),
    start: z.string(),
    /** Moved in before any period it is settled in, the day not entered: no start. */
    sinceBefore: z.boolean(),
    end: z.string(),
    persons: persons(SETTLEMENT_MESSAGES.persons),
    monthlyPrepayment: euros,
    monthlyRent: euros,
    changes: z.array(
      z.object({ from: z.string(), persons: persons(), monthlyPrepayment: euros, monthlyRent: euros }),
    ),
    flatRate: z.boolean(),
  })
  .superRefine((f, ctx) => {
    // own use and a flat rate pay no prepayment: the fields are hidden and ignored
    const ownUse = f.kind === 'own-use' || f.flatRate;
    if (!ownUse && f.monthlyPrepayment === null) {
      ctx.addIssue({
        code: 'custom',
        message: TENANCY_FORM_MESSAGES.prepaymentRequired,
        path: ['monthlyPrepayment'],
      });
    }
    f.changes.forEach((c, i) => {
      if (c.persons === null && (ownUse || (c.monthlyPrepayment === null && c.monthlyRent === null))) {
        ctx.addIssue({
          code: 'custom',
          message: TENANCY_FORM_MESSAGES.changeEmpty,
          path: ['changes', i, 'persons'],
        });
      }
    });
  })
  .transform((f): z.input<typeof tenancyInputSchema> => {
    const flatRate = f.kind === 'tenant' && f.flatRate;
    const ownUse = f.kind === 'own-use' || flatRate;
    return {
      flatRate,
      kind: f.kind,
      tenant: f.tenant,
      start: f.sinceBefore ? null : f.start,
      end: f.end,
      persons: f.persons ?? 0,
      monthlyPrepaymentCents: ownUse ? 0 : (f.monthlyPrepayment ?? 0),
      monthlyRentCents: f.kind === 'own-use' ? null : f.monthlyRent,
      changes: f.changes.map((c) => ({
        from: c.from,
        ...(c.persons === null ? {} : { persons: c.persons }),
        ...(ownUse || c.monthlyPrepayment === null ? {} : { monthlyPrepaymentCents: c.monthlyPrepayment }),
        ...(f.kind === 'own-use' || c.monthlyRent === null ? {} : { monthlyRentCents: c.monthlyRent }),
      })),
    };
  })
  .pipe(tenancyInputSchema);

export type TenancyFormValues = z.input<typeof tenancyFormSchema>;
export type TenancyFormChange = TenancyFormValues['changes'][number];

export const emptyChange = (): TenancyFormChange => ({
  from: '',
  persons: '',
  monthlyPrepayment: '',
  monthlyRent: '',
});

/** The dialog's values for a new tenancy, or for editing `t`. */
/**
 * Where a new tenancy of a unit most likely starts: the day after the last one ended (a follow-up
 * tenant), or '' while someone still lives there or nobody did.
 */
export function nextTenancyStart(tenancies: ReadonlyArray<Pick<TenancyJson, 'end'>>): string {
  if (tenancies.length === 0 || tenancies.some((t) => t.end === null)) return '';
  const last = tenancies.reduce((max, t) => ((t.end ?? '') > max ? (t.end ?? '') : max), '');
  return addDays(last, 1);
}

export function tenancyFormValues(t?: TenancyJson, start = ''): TenancyFormValues {
  if (!t) {
    return {
      kind: 'tenant',
      tenant: { name: '', street: '', city: '', email: '' },
      start,
      sinceBefore: false,
      end: '',
      persons: '1',
      monthlyPrepayment: '',
      monthlyRent: '',
      changes: [],
      flatRate: false,
    };
  }
  const money = (cents: number | undefined) => (cents === undefined ? '' : centsToInput(cents));
  return {
    kind: t.kind,
    tenant: { ...t.tenant, email: t.tenant.email ?? '' },
    start: t.start ?? '',
    sinceBefore: t.start === null,
    end: t.end ?? '',
    persons: String(t.persons),
    monthlyPrepayment: t.kind === 'own-use' || t.flatRate ? '' : money(t.monthlyPrepaymentCents),
    monthlyRent: money(t.monthlyRentCents ?? undefined),
    flatRate: t.flatRate,
    changes: t.changes.map((c) => ({
      from: c.from,
      persons: c.persons === undefined ? '' : String(c.persons),
      monthlyPrepayment: money(c.monthlyPrepaymentCents),
      monthlyRent: money(c.monthlyRentCents),
    })),
  };
}

/**
 * The server's field errors as the dialog names its fields: the amounts are in cents there
 * (`monthlyPrepaymentCents`) and in euros here. A conflict (409, an overlap) puts its whole message,
 * which names the tenancy in the way, at the field, where the focus goes.
 */
export function toFormFieldErrors(error: unknown): unknown {
  if (!(error instanceof ApiError) || !error.fields) return error;
  const fields = Object.fromEntries(
    Object.entries(error.fields).map(([path, message]) => [
      path
        .replace(/monthlyPrepaymentCents$/, 'monthlyPrepayment')
        .replace(/monthlyRentCents$/, 'monthlyRent'),
      error.status === 409 ? error.message : message,
    ]),
  );
  return new ApiError(error.status, error.code, error.message, fields);
}
