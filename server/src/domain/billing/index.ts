export * from './billing-events';
export * from './billing-rules';
export * from './billing-views';
export * from './subscription-decider';
