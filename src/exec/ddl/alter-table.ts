/**
 * ALTER TABLE / ALTER VIEW dispatch. Column, property and constraint changes of a Delta table are one
 * Delta commit each (alter-columns.ts, alter-properties.ts, alter-constraints.ts); RENAME TO is a
 * catalog rename (a managed table's folder moves with it); views go to alter-view.ts.
 */
import { LakesqlError } from '../../errors/index.js';
import type { AlterTable, AlterTableAction } from '../../sql/ast/statements-ddl.js';
import type { CommandContext } from '../command-context.js';
import { reorgTable } from '../dml/reorg.js';
import type { StatementResult } from '../statement-result.js';
import { locateTable } from '../write/table-target.js';
import { alterColumns } from './alter-columns.js';
import { addConstraint, dropConstraint } from './alter-constraints.js';
import { alterFileTable } from './alter-file-table.js';
import { setTableProperties, unsetTableProperties } from './alter-properties.js';
import { alterView } from './alter-view.js';
import { alterClusterBy } from './cluster-by.js';
import { resolveDeltaAlterTarget } from './delta-alter-target.js';
import { dropFeature } from './drop-feature.js';

/** AstBuilder's operation names for the column actions, as EXPECT_TABLE_NOT_VIEW names them. */
function columnOperation(action: AlterTableAction): string | undefined {
  switch (action.kind) {
    case 'addColumns':
      return 'ALTER TABLE ... ADD COLUMNS';
    case 'dropColumns':
      return 'ALTER TABLE ... DROP COLUMNS';
    case 'renameColumn':
      return 'ALTER TABLE ... RENAME COLUMN';
    case 'replaceColumns':
      return 'ALTER TABLE ... REPLACE COLUMNS';
    case 'alterColumn':
      return `ALTER TABLE ... ${action.verb} COLUMN`;
    case 'changeColumn':
      return 'ALTER TABLE ... CHANGE COLUMN';
    default:
      return undefined;
  }
}

/** A temporary view named by ALTER TABLE's column actions is EXPECT_TABLE_NOT_VIEW, as Spark reports it. */
function assertNotTempView(
  session: CommandContext,
  parts: readonly string[],
  action: AlterTableAction,
): void {
  const operation = columnOperation(action);
  if (operation === undefined) return;
  const target = session.catalog.relationTarget(parts);
  if (target.kind === 'persistent') return;
  const views = target.kind === 'tempView' ? session.catalog.tempViews : session.catalog.globalTempViews;
  if (!views.has(target.name)) return;
  const viewName = parts.map((p) => `\`${p.replaceAll('`', '``')}\``).join('.');
  throw new LakesqlError('EXPECT_TABLE_NOT_VIEW.NO_ALTERNATIVE', { viewName, operation });
}

export async function alterTable(session: CommandContext, stmt: AlterTable): Promise<StatementResult> {
  const parts = stmt.name.parts;
  if (stmt.view) return alterView(session, parts, stmt.action);
  const action = stmt.action;
  if (action.kind === 'renameTo') {
    const id = session.catalog.qualifyTableName(parts);
    const to = action.newName.parts;
    await session.catalog.catalog.renameTable(
      id.database,
      id.name,
      to.at(-1)!,
      to.length > 1 ? to.at(-2) : undefined,
    );
    return { kind: 'done' };
  }
  assertNotTempView(session, parts, action);
  const location = await locateTable(session, parts);
  const entry = location.kind === 'catalog' ? location.entry : undefined;
  if (entry && entry.tableType !== 'VIEW' && entry.provider !== 'delta') {
    await alterFileTable(session, entry, action);
    return { kind: 'done' };
  }
  const target = await resolveDeltaAlterTarget(session, parts);
  switch (action.kind) {
    case 'addColumns':
    case 'dropColumns':
    case 'renameColumn':
    case 'alterColumn':
    case 'changeColumn':
      await alterColumns(session, target, action);
      break;
    case 'setProperties':
      await setTableProperties(session, target, action.properties);
      break;
    case 'unsetProperties':
      await unsetTableProperties(session, target, action.keys, action.ifExists);
      break;
    case 'addConstraint':
      await addConstraint(session, target, action.constraint);
      break;
    case 'dropConstraint':
      await dropConstraint(session, target, action.name, action.ifExists);
      break;
    case 'clusterBy':
      await alterClusterBy(session, target, action.columns);
      break;
    case 'dropFeature':
      await dropFeature(session, {
        snapshot: target.snapshot,
        feature: action.feature,
        truncateHistory: action.truncateHistory,
        purgeDeletionVectors: async () => {
          await reorgTable(session, { kind: 'reorg', table: stmt.name, where: null, span: stmt.span });
        },
      });
      break;
    case 'replaceColumns':
    case 'setLocation':
      throw new LakesqlError('UNSUPPORTED_FEATURE', {
        feature: `ALTER TABLE … ${action.kind} on a Delta table`,
      });
    default: {
      const never: never = action;
      throw new Error(`unknown action ${JSON.stringify(never)}`);
    }
  }
  return { kind: 'done' };
}
