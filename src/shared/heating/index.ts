export { splitHeating } from './split-heating';
export * from './types';
