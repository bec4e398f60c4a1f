export * from './inbox-decider';
export * from './notification-drafts';
export * from './notification-events';
export * from './notification-views';
