// Every table of the app, for Drizzle's relational queries and for drizzle-kit's migrations.
export * from '../modules/system/system.table.ts';
export * from '../modules/users/users.table.ts';
export * from '../modules/auth/sign-in-throttle.table.ts';
export * from '../modules/results/results.table.ts';
export * from '../modules/workspaces/workspaces.table.ts';
export * from '../modules/files/files.table.ts';
export * from '../modules/lecture-notes/lecture-notes.table.ts';
export * from '../modules/assignments/assignments.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/joining/joining.table.ts';
export * from '../modules/roster/roster.table.ts';
export * from '../modules/invitations/invitations.table.ts';
export * from '../modules/gradebook/gradebook.table.ts';
export * from '../modules/peer-evaluation/peer-evaluation.table.ts';
export * from '../modules/my-deadlines/my-deadlines.table.ts';
export * from '../modules/deadline-extensions/deadline-extensions.table.ts';
export * from './idempotency-keys.table.ts';
