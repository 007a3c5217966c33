/**
 * ALTER TABLE / ALTER VIEW dispatch. Column, property and constraint changes of a Delta table are one
 * Delta commit each (alter-columns.ts, alter-properties.ts, alter-constraints.ts); RENAME TO is a
 * catalog rename (a managed table's folder moves with it); views go to alter-view.ts.
 */
import { LakesqlError } from '../../errors/index.js';
import type { AlterTable } from '../../sql/ast/statements-ddl.js';
import type { CommandContext } from '../command-context.js';
import { reorgTable } from '../dml/reorg.js';
import type { StatementResult } from '../statement-result.js';
import { alterColumns } from './alter-columns.js';
import { addConstraint, dropConstraint } from './alter-constraints.js';
import { setTableProperties, unsetTableProperties } from './alter-properties.js';
import { alterView } from './alter-view.js';
import { alterClusterBy } from './cluster-by.js';
import { resolveDeltaAlterTarget } from './delta-alter-target.js';
import { dropFeature } from './drop-feature.js';

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
