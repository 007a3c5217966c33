export * from './binary-operator.js';
export * from './cast-rules.js';
export * from './decimal-precision.js';
export * from './parse-data-type.js';
export * from './type-classes.js';
export * from './type-coercion.js';
export * from './type-sql.js';
export * from './unary-operator.js';
