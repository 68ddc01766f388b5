export * from './auth.ts';
export * from './constants.ts';
export * from './dates.ts';
export * from './errors.ts';
export * from './privileges.ts';
export * from './registration.ts';
export * from './records/index.ts';
