// Public surface of @teamshuffle/domain.
export * from './constants.ts';
export * from './slug.ts';
export * from './format.ts';
export * from './relative-time.ts';
export * from './week.ts';
export * from './grade.ts';
export * from './badge.ts';
export * from './dates.ts';
export * from './errors.ts';
export * from './retry.ts';
export * from './files.ts';
export * from './limits.ts';
export * from './password.ts';
export * from './me.ts';
export * from './results.ts';
export * from './roles.ts';
export * from './shuffle/index.ts';
