/**
 * The ORC conformance suite over `<dir>/examples` (Apache ORC's example files): every `.orc` file, in
 * sorted order, checked against its expected rows or its entry in known-cases.ts.
 */
import { existsSync } from 'node:fs';
import { readdir } from 'node:fs/promises';
import { join, relative } from 'node:path';
import type { CaseResult } from '../case-result.js';
import { KNOWN_CASES, type OrcCheck } from './known-cases.js';
import { runOrcCase } from './run-case.js';

export interface OrcSuiteOptions {
  readonly filter?: string | undefined;
  /** Case ids to leave out (tests leave out the 2-million-row demo files). */
  readonly exclude?: readonly string[];
  readonly onResult?: (r: CaseResult) => void;
}

export async function runOrcSuite(dir: string, options: OrcSuiteOptions = {}): Promise<CaseResult[]> {
  const examples = existsSync(join(dir, 'examples')) ? join(dir, 'examples') : dir;
  const ids = (await listOrcFiles(examples)).map((p) => relative(examples, p)).sort();
  const results: CaseResult[] = [];
  for (const id of ids) {
    if (options.filter !== undefined && !id.includes(options.filter)) continue;
    if (options.exclude?.includes(id)) continue;
    const r = await runOrcCase(examples, id, checkFor(examples, id));
    options.onResult?.(r);
    results.push(r);
  }
  return results;
}

function checkFor(examples: string, id: string): OrcCheck {
  const known = KNOWN_CASES[id];
  if (known !== undefined) return known;
  const expected = id.replace(/\.orc$/, '.jsn.gz');
  if (existsSync(join(examples, 'expected', expected))) return { kind: 'expected', expected };
  // A file nobody described: it must at least read without error.
  return { kind: 'rows' };
}

async function listOrcFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = join(dir, e.name);
    if (e.isDirectory()) out.push(...(await listOrcFiles(p)));
    else if (e.name.endsWith('.orc')) out.push(p);
  }
  return out;
}
