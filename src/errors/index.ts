export * from './error-classes.js';
export * from './lakesql-error.js';
export * from './stack-overflow.js';
