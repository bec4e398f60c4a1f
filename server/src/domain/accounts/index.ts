/**
 * Account rules shared by the server (nestjs-zod DTOs) and the client (Mantine forms):
 * vocabularies, field checks and normalisers, the form and payload schemas, and every message.
 */
export * from './auth';
export * from './calendar-date';
export * from './constants';
export * from './facility-permissions';
export * from './fields';
export * from './invites';
export * from './links';
export * from './messages';
export * from './npi';
export * from './password';
export * from './phone';
export * from './profiles';
export * from './registration';
export * from './us-states';
export * from './zip-code';
