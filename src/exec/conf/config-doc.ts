/**
 * docs/CONFIG.md, rendered from the key registry (conf-entries.ts) so the page cannot drift from the code;
 * src/cli/config-doc.test.ts fails when the file differs from this text.
 */
import { CONF_ENTRIES, type ConfEntry, type ConfType } from './conf-entries.js';

export function configDoc(): string {
  const rows = [...CONF_ENTRIES]
    .sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : 0))
    .map((e) => `| \`${e.key}\` | ${typeText(e.type)} | ${defaultText(e)} | ${meaningText(e)} |`);
  return [
    '# Configuration',
    '',
    '<!-- Generated from src/exec/conf/conf-entries.ts; `UPDATE_CONFIG_DOC=1 npx vitest run src/cli/config-doc.test.ts` rewrites it. -->',
    '',
    "The keys lakesql reads, with Spark's or Delta's name where one exists. Set them with `--conf key=value`",
    'on the command line, `SET key = value` in SQL, `spark.conf.set(key, value)` or',
    '`LakeSession.builder().config(key, value)`. A value of the wrong form is refused with',
    '`INVALID_CONF_VALUE` naming the key. `SET key` shows the value in effect (the default when unset),',
    '`SET` lists every key with a value and `SET -v` every key below with its meaning; `RESET [key]` goes',
    'back to the defaults. Other keys may be set too (Spark keeps any key), but lakesql reads none of them.',
    '',
    '| Key | Type | Default | Meaning |',
    '| --- | --- | --- | --- |',
    ...rows,
    '',
  ].join('\n');
}

function typeText(type: ConfType): string {
  switch (type.kind) {
    case 'boolean':
    case 'string':
    case 'long':
      return type.kind;
    case 'enum':
      return `one of ${type.values.map((v) => `\`${v}\``).join(', ')}`;
    case 'size':
      return 'size (`512MB`, `4GB`)';
    case 'bytes':
      return 'bytes (`104857600`, `100mb`, `1g`)';
    case 'timeZone':
      return 'time zone';
    default:
      return type satisfies never;
  }
}

function defaultText(e: ConfEntry): string {
  if (e.defaultText !== undefined) return e.defaultText;
  return typeof e.default === 'string' ? `\`${e.default}\`` : '(none)';
}

function meaningText(e: ConfEntry): string {
  return `${e.meaning}${e.static ? ' Static: set it before the session starts.' : ''}`.replaceAll('|', '\\|');
}
