/** CREATE / DROP / USE DATABASE (SCHEMA). */

import type { DdlStatement } from '../../sql/ast/statements-ddl.js';
import type { MiscStatement } from '../../sql/ast/statements-misc.js';
import { resolveUserPath } from '../../storage/user-path.js';
import type { CommandContext } from '../command-context.js';
import type { StatementResult } from '../statement-result.js';
import { propertyMap } from './properties.js';

export async function createDatabase(
  session: CommandContext,
  stmt: Extract<DdlStatement, { kind: 'createDatabase' }>,
): Promise<StatementResult> {
  await session.catalog.createDatabase(
    {
      name: stmt.name.parts.at(-1)!,
      ...(stmt.comment !== null ? { comment: stmt.comment } : {}),
      ...(stmt.location !== null ? { location: resolveUserPath(stmt.location, session) } : {}),
      properties: propertyMap(stmt.properties),
    },
    stmt.ifNotExists,
  );
  return { kind: 'done' };
}

export async function alterDatabase(
  session: CommandContext,
  stmt: Extract<DdlStatement, { kind: 'alterDatabase' }>,
): Promise<StatementResult> {
  await session.catalog.alterDatabase(stmt.name.parts.at(-1)!, {
    properties: propertyMap(stmt.properties),
    ...(stmt.comment !== undefined ? { comment: stmt.comment } : {}),
  });
  return { kind: 'done' };
}

export async function dropDatabase(
  session: CommandContext,
  stmt: Extract<DdlStatement, { kind: 'dropDatabase' }>,
): Promise<StatementResult> {
  await session.catalog.dropDatabase(stmt.name.parts.at(-1)!, {
    ignoreIfNotExists: stmt.ifExists,
    cascade: stmt.cascade,
  });
  return { kind: 'done' };
}

export async function useDatabase(
  session: CommandContext,
  stmt: Extract<MiscStatement, { kind: 'use' }>,
): Promise<StatementResult> {
  if (stmt.target === 'catalog') {
    session.catalog.checkCatalogName(stmt.name.parts.join('.'));
    return { kind: 'done' };
  }
  const parts = stmt.name.parts;
  if (parts.length === 2) session.catalog.checkCatalogName(parts[0]!);
  await session.catalog.setCurrentDatabase(parts.at(-1)!);
  return { kind: 'done' };
}
