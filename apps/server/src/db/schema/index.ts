// One file per table group; each is re-exported here for Drizzle and drizzle-kit.

export * from './books';
export * from './events';
export * from './identity';
export * from './identity-codes';
export * from './items';
export * from './line-items';
export * from './payment-simulator';
export * from './payments';
export * from './replicas';
export * from './request-logs';
export * from './rollups';
export * from './staff';
export * from './user-settings';
export * from './webhooks';
export * from './workspace';
