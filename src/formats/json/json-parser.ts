/**
 * A JSON parser with Jackson's leniency switches as Spark's JSONOptions sets them: comments
 * (`allowComments`, off by default), single-quoted strings (`allowSingleQuotes`, on), unquoted field names
 * (`allowUnquotedFieldNames`, off), NaN/Infinity (`allowNonNumericNumbers`, on), leading zeros
 * (`allowNumericLeadingZeros`, off), any escaped character (`allowBackslashEscapingAnyCharacter`, off).
 * Numbers keep their text so that bigint and decimal values lose nothing.
 */

export type JsonNode =
  | { readonly t: 'null' }
  | { readonly t: 'bool'; readonly v: boolean }
  | { readonly t: 'num'; readonly text: string; readonly integral: boolean }
  | { readonly t: 'str'; readonly v: string }
  | { readonly t: 'arr'; readonly items: readonly JsonNode[] }
  | { readonly t: 'obj'; readonly entries: readonly (readonly [string, JsonNode])[] };

export interface JsonLeniency {
  readonly allowComments: boolean;
  readonly allowSingleQuotes: boolean;
  readonly allowUnquotedFieldNames: boolean;
  readonly allowNonNumericNumbers: boolean;
  readonly allowNumericLeadingZeros: boolean;
  readonly allowBackslashEscapingAnyCharacter: boolean;
}

export class JsonSyntaxError extends Error {}

/** Parses one JSON value filling `text` (surrounding whitespace allowed); JsonSyntaxError otherwise. */
export function parseJson(text: string, l: JsonLeniency): JsonNode {
  const p = new Parser(text, l);
  p.skip();
  const v = p.value(0);
  p.skip();
  if (p.pos < text.length) throw new JsonSyntaxError(`unexpected ${text[p.pos]} at ${p.pos}`);
  return v;
}

class Parser {
  pos = 0;
  constructor(
    private readonly s: string,
    private readonly l: JsonLeniency,
  ) {}

  skip(): void {
    const s = this.s;
    for (;;) {
      while (this.pos < s.length && ' \t\r\n'.includes(s[this.pos]!)) this.pos++;
      if (this.l.allowComments && s[this.pos] === '/' && s[this.pos + 1] === '/') {
        while (this.pos < s.length && s[this.pos] !== '\n') this.pos++;
      } else if (this.l.allowComments && s[this.pos] === '/' && s[this.pos + 1] === '*') {
        const end = s.indexOf('*/', this.pos + 2);
        if (end < 0) throw new JsonSyntaxError('unclosed comment');
        this.pos = end + 2;
      } else if (this.l.allowComments && s[this.pos] === '#') {
        while (this.pos < s.length && s[this.pos] !== '\n') this.pos++;
      } else return;
    }
  }

  value(depth: number): JsonNode {
    if (depth > 1000) throw new JsonSyntaxError('nesting too deep');
    const c = this.s[this.pos];
    if (c === '{') return this.object(depth);
    if (c === '[') return this.array(depth);
    if (c === '"' || (c === "'" && this.l.allowSingleQuotes)) return { t: 'str', v: this.string() };
    if (this.s.startsWith('true', this.pos)) return this.word('true', { t: 'bool', v: true });
    if (this.s.startsWith('false', this.pos)) return this.word('false', { t: 'bool', v: false });
    if (this.s.startsWith('null', this.pos)) return this.word('null', { t: 'null' });
    return this.number();
  }

  private word(w: string, node: JsonNode): JsonNode {
    this.pos += w.length;
    return node;
  }

  private object(depth: number): JsonNode {
    this.pos++;
    const entries: [string, JsonNode][] = [];
    this.skip();
    if (this.s[this.pos] === '}') {
      this.pos++;
      return { t: 'obj', entries };
    }
    for (;;) {
      this.skip();
      const c = this.s[this.pos];
      let key: string;
      if (c === '"' || (c === "'" && this.l.allowSingleQuotes)) key = this.string();
      else if (this.l.allowUnquotedFieldNames && c !== undefined && /[A-Za-z_$]/.test(c)) {
        const m = /^[A-Za-z_$][\w$]*/.exec(this.s.slice(this.pos))!;
        key = m[0];
        this.pos += key.length;
      } else throw new JsonSyntaxError(`expected a field name at ${this.pos}`);
      this.skip();
      this.expect(':');
      this.skip();
      entries.push([key, this.value(depth + 1)]);
      this.skip();
      if (this.s[this.pos] === ',') {
        this.pos++;
        continue;
      }
      this.expect('}');
      return { t: 'obj', entries };
    }
  }

  private array(depth: number): JsonNode {
    this.pos++;
    const items: JsonNode[] = [];
    this.skip();
    if (this.s[this.pos] === ']') {
      this.pos++;
      return { t: 'arr', items };
    }
    for (;;) {
      this.skip();
      items.push(this.value(depth + 1));
      this.skip();
      if (this.s[this.pos] === ',') {
        this.pos++;
        continue;
      }
      this.expect(']');
      return { t: 'arr', items };
    }
  }

  private expect(c: string): void {
    if (this.s[this.pos] !== c) throw new JsonSyntaxError(`expected ${c} at ${this.pos}`);
    this.pos++;
  }

  private string(): string {
    const q = this.s[this.pos]!;
    this.pos++;
    let out = '';
    for (;;) {
      const c = this.s[this.pos];
      if (c === undefined) throw new JsonSyntaxError('unclosed string');
      this.pos++;
      if (c === q) return out;
      if (c === '\\') {
        const e = this.s[this.pos++];
        const simple: Record<string, string> = {
          '"': '"',
          '\\': '\\',
          '/': '/',
          b: '\b',
          f: '\f',
          n: '\n',
          r: '\r',
          t: '\t',
        };
        if (e === 'u') {
          const hex = this.s.slice(this.pos, this.pos + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) throw new JsonSyntaxError('bad \\u escape');
          out += String.fromCharCode(Number.parseInt(hex, 16));
          this.pos += 4;
        } else if (e !== undefined && simple[e] !== undefined) out += simple[e];
        else if (e === "'" && q === "'") out += "'";
        else if (e !== undefined && this.l.allowBackslashEscapingAnyCharacter) out += e;
        else throw new JsonSyntaxError(`bad escape \\${e ?? ''}`);
      } else if (c < ' ') throw new JsonSyntaxError('control character in string');
      else out += c;
    }
  }

  private number(): JsonNode {
    const rest = this.s.slice(this.pos, this.pos + 400);
    if (this.l.allowNonNumericNumbers) {
      const nn = /^([+-]?Infinity|-?INF|NaN)/.exec(rest);
      if (nn) {
        this.pos += nn[0].length;
        return { t: 'num', text: nn[0], integral: false };
      }
    }
    const m = /^-?(\d+)(\.\d+)?([eE][+-]?\d+)?/.exec(rest);
    if (!m) throw new JsonSyntaxError(`unexpected ${rest[0] ?? 'end of input'} at ${this.pos}`);
    if (!this.l.allowNumericLeadingZeros && m[1]!.length > 1 && m[1]!.startsWith('0'))
      throw new JsonSyntaxError('leading zeros');
    this.pos += m[0].length;
    return { t: 'num', text: m[0], integral: m[2] === undefined && m[3] === undefined };
  }
}

/** The node as JSON text (Spark gives nested values read into a string column as their JSON). */
export function jsonText(n: JsonNode): string {
  switch (n.t) {
    case 'null':
      return 'null';
    case 'bool':
      return String(n.v);
    case 'num':
      return n.text;
    case 'str':
      return JSON.stringify(n.v);
    case 'arr':
      return `[${n.items.map(jsonText).join(',')}]`;
    case 'obj':
      return `{${n.entries.map(([k, v]) => `${JSON.stringify(k)}:${jsonText(v)}`).join(',')}}`;
    default: {
      const never: never = n;
      return never;
    }
  }
}
