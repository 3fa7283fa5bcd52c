/**
 * The one schema for PGlite and PostgreSQL, a file per aggregate. Money columns are integer
 * cents (bigint, read as JS numbers within the safe range); timestamps are timestamptz;
 * organization-scoped tables carry the organization id.
 */
export * from './accounts';
export * from './debts';
export * from './fund';
export * from './invites';
export * from './ledger';
export * from './messages';
export * from './monitoring';
export * from './payments';
export * from './push';
export * from './reconciliation';
export * from './reminders';
export * from './requests';
export * from './security';
