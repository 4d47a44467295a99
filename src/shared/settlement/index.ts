export { calculateSettlement, ENGINE_VERSION } from './calculate';
export * from './types';
