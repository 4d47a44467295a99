export { type Allocation, allocate } from './allocation';
export { type StatementCheck, statementWarnings } from './checks';
export { computeStatement } from './compute';
export { statementFileName } from './file-name';
export type { CostItem, StatementFormData } from './types';
