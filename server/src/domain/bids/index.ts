/** Bids: rules shared by the server and the React client. */
export * from './bid-commands';
export * from './bid-decider';
export * from './bid-events';
export * from './bid-figures';
export * from './bid-labels';
export * from './bid-states';
export * from './bid-view';
export * from './license';
