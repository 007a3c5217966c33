/** Session variable statements back as SQL (the parser's round trip). */
import type { VariableStatement } from '../ast/statements-variables.js';
import { printDataType } from './data-types.js';
import { printExpression } from './expressions.js';
import { printQuery } from './query.js';
import { quoteName } from './quoting.js';

export function printVariableStatement(s: VariableStatement): string {
  switch (s.kind) {
    case 'declareVariable':
      return `DECLARE ${s.replace ? 'OR REPLACE ' : ''}VARIABLE ${quoteName(s.name)}${s.dataType ? ` ${printDataType(s.dataType)}` : ''}${s.defaultExpr ? ` DEFAULT ${printExpression(s.defaultExpr)}` : ''}`;
    case 'setVariables':
      return `SET VAR ${s.assignments
        .map(
          (a) =>
            `${quoteName(a.name)} = ${a.value.kind === 'default' ? 'DEFAULT' : printExpression(a.value.expr)}`,
        )
        .join(', ')}`;
    case 'setVariablesFromQuery':
      return `SET VAR (${s.names.map(quoteName).join(', ')}) = (${printQuery(s.query)})`;
    case 'dropVariable':
      return `DROP TEMPORARY VARIABLE ${s.ifExists ? 'IF EXISTS ' : ''}${quoteName(s.name)}`;
  }
}
