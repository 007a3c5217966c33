export * from './error-classes.js';
export * from './lakesql-error.js';
