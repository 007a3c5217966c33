/**
 * Prints a decoded row the way Apache ORC's C++ ColumnPrinter does (tools/test/TestMatch.cc compares the
 * `examples/expected/*.jsn.gz` lines with it byte for byte); the rules are listed in the conformance
 * folder's README: `%.7g` floats, full-scale decimals, `{"key": k, "value": v}` map entries, unions as
 * `{"tag": n, "value": v}`, timestamps as the writer's wall clock with trailing zero nanos removed.
 */
import type { ColumnVector } from '../../formats/orc/index.js';
import { formatG } from './c-number-format.js';

const utf8 = new TextDecoder();

export function printValue(v: ColumnVector, row: number): string {
  if (v.present !== undefined && v.present[row] === 0) return 'null';
  switch (v.kind) {
    case 'boolean':
      return v.values[row] === 1 ? 'true' : 'false';
    case 'int':
      return v.type.kind === 'date' ? `"${formatDate(v.values[row]!)}"` : String(v.values[row]!);
    case 'long':
      return String(v.values[row]!);
    case 'float':
      return formatG(v.values[row]!, 7);
    case 'double':
      return formatG(v.values[row]!, 14);
    case 'bytes': {
      const bytes = v.data.subarray(v.offsets[row]!, v.offsets[row + 1]!);
      return v.type.kind === 'binary' ? `[${[...bytes].join(', ')}]` : quote(utf8.decode(bytes));
    }
    case 'decimal':
      return formatDecimal(v.values[row]!, v.scale);
    case 'timestamp':
      return `"${formatTimestamp(v.seconds[row]!, v.nanos[row]!)}"`;
    case 'list': {
      const items: string[] = [];
      for (let i = v.offsets[row]!; i < v.offsets[row + 1]!; i++) items.push(printValue(v.child, i));
      return `[${items.join(', ')}]`;
    }
    case 'map': {
      const items: string[] = [];
      for (let i = v.offsets[row]!; i < v.offsets[row + 1]!; i++) {
        items.push(`{"key": ${printValue(v.keys, i)}, "value": ${printValue(v.values, i)}}`);
      }
      return `[${items.join(', ')}]`;
    }
    case 'struct':
      return `{${v.fields.map((f, i) => `${quote(v.type.fieldNames[i]!)}: ${printValue(f, row)}`).join(', ')}}`;
    case 'union': {
      const tag = v.tags[row]!;
      return `{"tag": ${tag}, "value": ${printValue(v.children[tag]!, v.childRows[row]!)}}`;
    }
    default:
      return v satisfies never;
  }
}

/** A struct-rooted row is printed from its top-level columns. */
export function printRow(
  columns: readonly { readonly name: string; readonly vector: ColumnVector }[],
  structRoot: boolean,
  row: number,
): string {
  if (!structRoot) return printValue(columns[0]!.vector, row);
  return `{${columns.map((c) => `${quote(c.name)}: ${printValue(c.vector, row)}`).join(', ')}}`;
}

function quote(s: string): string {
  return `"${s.replace(/[\\"\b\f\n\r\t]/g, (c) => ESCAPES[c]!)}"`;
}
const ESCAPES: Record<string, string> = {
  '\\': '\\\\',
  '"': '\\"',
  '\b': '\\b',
  '\f': '\\f',
  '\n': '\\n',
  '\r': '\\r',
  '\t': '\\t',
};

function formatDecimal(unscaled: bigint, scale: number): string {
  const negative = unscaled < 0n;
  const digits = (negative ? -unscaled : unscaled).toString().padStart(scale + 1, '0');
  const text = scale === 0 ? digits : `${digits.slice(0, -scale)}.${digits.slice(-scale)}`;
  return negative ? `-${text}` : text;
}

function formatDate(days: number): string {
  return new Date(days * 86_400_000).toISOString().slice(0, 10);
}

function formatTimestamp(seconds: number, nanos: number): string {
  const iso = new Date(seconds * 1000).toISOString();
  const fraction = String(nanos).padStart(9, '0').replace(/0+$/, '') || '0';
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)}.${fraction}`;
}
