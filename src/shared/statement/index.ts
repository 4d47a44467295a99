export { type Allocation, allocate, divideRoundHalfUp } from './allocation';
export { type StatementCheck, statementWarnings } from './checks';
export {
  type AddressBlock,
  type BankBlock,
  computeStatement,
  type PaymentRequest,
  type StatementRow,
  type StatementView,
  type StatementWarning,
} from './compute';
export { statementFileName } from './file-name';
export { computePeriod, DAYS_IN_YEAR, type PeriodView } from './period';
export { CLOSING, LEGAL_NOTICE, PAYMENT_DUE_DAYS, RESULT_LABELS } from './texts';
