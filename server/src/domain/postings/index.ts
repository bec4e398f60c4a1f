/** Job postings: rules shared by the server and the React client. */
export { daysInclusive, earliestTodayAnywhere, utcToday } from './calendar';
export * from './contract-value';
export * from './job-form';
export * from './posting-commands';
export * from './posting-decider';
export * from './posting-events';
export * from './posting-status';
export * from './search';
export * from './search-options';
export * from './posting-view';
