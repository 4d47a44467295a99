// computeStatement: the one view-model the preview and the PDF print (spec §9).

import { allocationKeyInfo, propertyTypeLabel } from '../catalog';
import { addDays, isIsoDate } from '../dates';
import { formatIban } from '../iban';
import { formatCents, formatDateDe, formatPercentHundredths, formatQuantity } from '../money';
import {
  type AddressBlock,
  type BankBlock,
  CLOSING,
  computePeriod,
  LEGAL_NOTICE,
  NO_UNITS,
  PAYMENT_DUE_DAYS,
  type Party,
  type PaymentRequest,
  paymentReference,
  RESULT_LABELS,
  type StatementRow,
  type StatementView,
  type StatementWarning,
  subjectLine,
} from '../print-model';
import { personalGreeting } from '../salutation';
import { allocate } from './allocation';
import type { StatementFormData } from './types';

function addressBlock(p: Party): AddressBlock {
  return { ...p, lines: [p.name, p.street, p.city].filter((l) => l !== '') };
}

function unitsText(value: number | null, unit: string): string {
  if (value === null) return '';
  const label = unit === 'Personen' && value === 1 ? 'Person' : unit;
  return `${formatQuantity(value)} ${label}`;
}

const UNIT_FIELDS = {
  area: ['totalArea', 'tenantArea'],
  consumption: ['totalConsumption', 'tenantConsumption'],
  people: ['totalPeople', 'tenantPeople'],
} as const;

/**
 * Computes everything a statement prints from the form data. `today` (YYYY-MM-DD) dates the
 * letter and the payment due date. Incomplete drafts compute too (empty values count as 0).
 */
export function computeStatement(formData: StatementFormData, today: string): StatementView {
  if (!isIsoDate(today)) throw new Error(`today must be an ISO date: ${today}`);
  const warnings: StatementWarning[] = [];
  const rows: StatementRow[] = [];
  let totalCostsCents = 0;
  let tenantTotalCents = 0;

  formData.costs.forEach((cost, index) => {
    const info = allocationKeyInfo(cost.allocationKey);
    const a = allocate(cost);
    const amountCents = cost.amount ?? 0;
    totalCostsCents += amountCents;
    tenantTotalCents += a.shareCents;
    const label = cost.name || `Position ${index + 1}`;
    if (info.kind !== null) {
      const [totalField, tenantField] = UNIT_FIELDS[info.kind];
      if (a.unitsMissing) {
        warnings.push({
          code: 'units-missing',
          message: `„${label}“: Gesamt- und Mietereinheiten müssen größer als 0 sein, sonst ist der Anteil 0,00 €.`,
          path: `costs.${index}.${a.totalUnits ? tenantField : totalField}`,
        });
      } else if (a.tenantExceedsTotal) {
        warnings.push({
          code: 'tenant-units-exceed-total',
          message: `„${label}“: Die Einheiten des Mieters übersteigen die Gesamteinheiten.`,
          path: `costs.${index}.${tenantField}`,
        });
      }
    }
    rows.push({
      id: cost.id,
      name: cost.name,
      allocationKey: cost.allocationKey,
      keyLabel: info.label,
      amountCents,
      amountText: formatCents(amountCents),
      totalUnits: info.kind === null ? NO_UNITS : unitsText(a.totalUnits, info.unit),
      tenantUnits: info.kind === null ? NO_UNITS : unitsText(a.tenantUnits, info.unit),
      percentHundredths: a.percentHundredths,
      percent: formatPercentHundredths(a.percentHundredths),
      shareCents: a.shareCents,
      shareText: formatCents(a.shareCents),
    });
  });

  const period = computePeriod(formData.billingPeriod.start, formData.billingPeriod.end);
  if (period.longerThanTwelveMonths) {
    warnings.push({
      code: 'period-longer-than-12-months',
      message:
        'Der Abrechnungszeitraum ist länger als 12 Monate. Betriebskosten sind jährlich abzurechnen (§ 556 Abs. 3 BGB).',
      path: 'billingPeriod.end',
    });
  }

  const monthlyCents = formData.prepayments.monthly ?? 0;
  const months = formData.prepayments.months ?? 0;
  const prepaymentCents = monthlyCents * months;
  const differenceCents = tenantTotalCents - prepaymentCents;
  const resultLabel = differenceCents >= 0 ? RESULT_LABELS.due : RESULT_LABELS.credit;
  const resultAmountCents = Math.abs(differenceCents);
  const resultText =
    differenceCents >= 0
      ? `Es ergibt sich eine Nachzahlung in Höhe von ${formatCents(resultAmountCents)}.`
      : `Es ergibt sich ein Guthaben in Höhe von ${formatCents(resultAmountCents)}.`;

  const bank = formData.bankDetails;
  const bankDetails: BankBlock | null =
    formData.includeBankDetails && bank.iban !== ''
      ? { bank: bank.bank, iban: formatIban(bank.iban), bic: bank.bic, holder: bank.holder }
      : null;
  let paymentRequest: PaymentRequest | null = null;
  if (bankDetails && differenceCents > 0) {
    const dueDateIso = addDays(today, PAYMENT_DUE_DAYS);
    const dueDate = formatDateDe(dueDateIso);
    paymentRequest = {
      ...bankDetails,
      amountCents: differenceCents,
      dueDate,
      dueDateIso,
      reference: paymentReference(period.year ?? Number(today.slice(0, 4)), formData.tenant.name),
      instruction: `Bitte überweisen Sie den Betrag von ${formatCents(differenceCents)} bis zum ${dueDate} auf das folgende Konto:`,
    };
  }

  const address = formData.propertyAddress;
  const cityLine = [address.postalCode, address.city].filter((p) => p !== '').join(' ');
  return {
    landlord: addressBlock(formData.landlord),
    tenant: addressBlock(formData.tenant),
    senderLine: [formData.landlord.name, formData.landlord.street, formData.landlord.city]
      .filter((p) => p !== '')
      .join(' · '),
    property: {
      street: address.street,
      postalCode: address.postalCode,
      city: address.city,
      typeLabel: address.type === '' ? '' : propertyTypeLabel(address.type),
      floor: address.floor,
      area: unitsText(address.area, 'm²'),
      usage: address.usage,
      addressLine: [address.street, cityLine].filter((p) => p !== '').join(', '),
    },
    letterDate: formatDateDe(today),
    subject: subjectLine(period.label),
    period,
    daysInYear: period.daysInYear,
    daysInPeriod: period.daysInPeriod,
    monthsInPeriod: period.monthsInPeriod,
    rows,
    totalCostsCents,
    tenantTotalCents,
    prepayment: { monthlyCents, months, totalCents: prepaymentCents },
    prepaymentCents,
    differenceCents,
    resultLabel,
    resultAmountCents,
    resultText,
    bankDetails,
    paymentRequest,
    greeting: formData.includeGreeting ? personalGreeting(formData.greetingText, formData.tenant.name) : null,
    closing: CLOSING,
    includeSignature: formData.includeSignature,
    signatureName: formData.landlord.name,
    legalNotice: LEGAL_NOTICE,
    warnings,
  };
}
