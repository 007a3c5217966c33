export * from './data-types.js';
