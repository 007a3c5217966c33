/**
 * The Spark SQL front end: text in, immutable AST out (see ast/), or a ParseError with Spark's error
 * class and the position. This layer knows nothing of tables or files.
 */
export * from './ast/index.js';
export { type Token, tokenize } from './lexer.js';
export {
  type ParseOptions,
  parseDataType,
  parseExpression,
  parseStatement,
  parseStatements,
  splitStatements,
} from './parse.js';
export { ParseError } from './parse-error.js';
export { printDataType, printExpression, printQuery, printStatement } from './printer/index.js';
