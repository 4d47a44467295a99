export { computePeriod, DAYS_IN_YEAR, type PeriodView } from './period';
export type {
  AddressBlock,
  BankBlock,
  Party,
  PaymentRequest,
  StatementRow,
  StatementView,
  StatementWarning,
} from './statement-view';
export {
  CLOSING,
  LEGAL_NOTICE,
  NO_UNITS,
  PAYMENT_DUE_DAYS,
  paymentReference,
  RESULT_LABELS,
  subjectLine,
} from './texts';
