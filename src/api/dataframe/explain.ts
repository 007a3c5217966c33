/**
 * DataFrame.explain as PySpark takes it: no argument (the physical plan), a boolean (true: every section,
 * as EXPLAIN EXTENDED), or a mode name ('simple', 'extended', 'formatted', 'codegen', 'cost'). The text is
 * exactly what SQL's EXPLAIN of the DataFrame's query returns (exec/session/explain/).
 */
import { LakesqlError } from '../../errors/index.js';
import { explainText as explainStatementText } from '../../exec/explain/explain-statement.js';
import { NO_SPAN } from '../../sql/ast/common.js';
import type { ExplainMode } from '../../sql/ast/statements.js';
import type { DataFrame } from './dataframe.js';

export type ExplainArgument = boolean | 'simple' | 'extended' | 'formatted' | 'codegen' | 'cost';

const MODES: Readonly<Record<string, ExplainMode>> = {
  simple: 'SIMPLE',
  extended: 'EXTENDED',
  formatted: 'FORMATTED',
  codegen: 'CODEGEN',
  cost: 'COST',
};

export async function explainText(df: DataFrame, extended?: ExplainArgument): Promise<string> {
  const mode = explainMode(extended);
  const query = await df.query();
  return explainStatementText(
    df.sparkSession.sqlSession,
    { kind: 'queryStatement', query, span: NO_SPAN },
    mode,
  );
}

function explainMode(extended: ExplainArgument | undefined): ExplainMode {
  if (extended === undefined || extended === false) return 'SIMPLE';
  if (extended === true) return 'EXTENDED';
  const mode = typeof extended === 'string' ? MODES[extended.toLowerCase()] : undefined;
  if (!mode) {
    // Spark's ExplainMode.fromString: "Unknown explain mode: … Accepted explain modes are …".
    throw new LakesqlError('UNSUPPORTED_FEATURE', {
      feature: `the explain mode ${JSON.stringify(String(extended))} (accepted: 'simple', 'extended', 'codegen', 'cost', 'formatted')`,
    });
  }
  return mode;
}
