export * from './rate-insight';
export * from './rate-statistics';
export * from './market-rate-events';
