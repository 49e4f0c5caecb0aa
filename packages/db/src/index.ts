export * from './create-db';
export * from './migrate';
export * from './retrying';
export * from './schema';
export { migrations } from './migrations';
