export * from './common.js';
export * from './data-types.js';
export * from './expressions.js';
export * from './query.js';
export * from './statements.js';
