export * from './dashboard';
export * from './errors';
export * from './me';
export * from './pagination';
export * from './payments';
export * from './runtime-config';
export * from './table-query';
export * from './workspace';
