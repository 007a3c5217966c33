/**
 * What a statement gives back: rows (queries, SHOW, DESCRIBE, DML metrics) or nothing. Commands return it
 * and the session hands it on, so it lives below both.
 */
import type { QueryResult } from './query/run-query.js';

export type StatementResult = ({ readonly kind: 'rows' } & QueryResult) | { readonly kind: 'done' };
