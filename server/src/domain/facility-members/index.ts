/** Facility team: members, permissions and invitations; shared by the server and the React client. */
export * from './member-commands';
export * from './member-decider';
export * from './member-events';
export * from './member-permissions';
export * from './member-views';
