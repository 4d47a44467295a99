export * from './auth';
export * from './contact';
export * from './document';
export * from './fields';
export * from './messages';
export * from './property';
export * from './statement';
export * from './statement-form';
