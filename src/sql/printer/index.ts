export { printDataType } from './data-types.js';
export { printExpression } from './expressions.js';
export { printQuery } from './query.js';
export { printStatement } from './statements.js';
