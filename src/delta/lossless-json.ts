/**
 * A JSON reader that hands every number to the caller as its source text.
 *
 * The log's JSON holds longs and decimals that a double cannot carry (a long column's max statistic of
 * 9223372036854775807, a decimal(38,18) bound, delta.identity.highWaterMark). JSON.parse would round them;
 * Node 20 has no reviver source-text access, so this small recursive-descent reader is used instead.
 * It throws SyntaxError on malformed input, as JSON.parse does.
 */
export function parseJsonLossless(text: string, number: (source: string) => unknown): unknown {
  const p = new Reader(text, number);
  p.skipWhitespace();
  const v = p.value(0);
  p.skipWhitespace();
  if (p.pos !== text.length) p.fail('unexpected trailing characters');
  return v;
}

const MAX_DEPTH = 512;
const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
// biome-ignore lint/suspicious/noControlCharactersInRegex: JSON strings may not hold raw control characters.
const STRING_BODY = /[^"\\\u0000-\u001f]*/y;

class Reader {
  pos = 0;
  constructor(
    private readonly text: string,
    private readonly number: (source: string) => unknown,
  ) {}

  fail(what: string): never {
    throw new SyntaxError(`JSON: ${what} at position ${this.pos}`);
  }

  skipWhitespace(): void {
    const t = this.text;
    while (this.pos < t.length) {
      const c = t.charCodeAt(this.pos);
      if (c !== 0x20 && c !== 0x0a && c !== 0x0d && c !== 0x09) break;
      this.pos++;
    }
  }

  value(depth: number): unknown {
    if (depth > MAX_DEPTH) this.fail('nesting too deep');
    const c = this.text[this.pos];
    switch (c) {
      case '{':
        return this.object(depth);
      case '[':
        return this.array(depth);
      case '"':
        return this.string();
      case 't':
        return this.literal('true', true);
      case 'f':
        return this.literal('false', false);
      case 'n':
        return this.literal('null', null);
      default: {
        NUMBER.lastIndex = this.pos;
        const m = NUMBER.exec(this.text);
        if (!m) this.fail('unexpected character');
        this.pos += m[0].length;
        return this.number(m[0]);
      }
    }
  }

  private literal(word: string, v: unknown): unknown {
    if (!this.text.startsWith(word, this.pos)) this.fail('unexpected character');
    this.pos += word.length;
    return v;
  }

  private object(depth: number): Record<string, unknown> {
    const out: Record<string, unknown> = {};
    this.pos++;
    this.skipWhitespace();
    if (this.text[this.pos] === '}') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipWhitespace();
      if (this.text[this.pos] !== '"') this.fail('expected a key');
      const key = this.string();
      this.skipWhitespace();
      if (this.text[this.pos] !== ':') this.fail('expected ":"');
      this.pos++;
      this.skipWhitespace();
      // defineProperty: a key named __proto__ must stay an ordinary key.
      Object.defineProperty(out, key, {
        value: this.value(depth + 1),
        enumerable: true,
        writable: true,
        configurable: true,
      });
      this.skipWhitespace();
      const c = this.text[this.pos++];
      if (c === '}') return out;
      if (c !== ',') this.fail('expected "," or "}"');
    }
  }

  private array(depth: number): unknown[] {
    const out: unknown[] = [];
    this.pos++;
    this.skipWhitespace();
    if (this.text[this.pos] === ']') {
      this.pos++;
      return out;
    }
    for (;;) {
      this.skipWhitespace();
      out.push(this.value(depth + 1));
      this.skipWhitespace();
      const c = this.text[this.pos++];
      if (c === ']') return out;
      if (c !== ',') this.fail('expected "," or "]"');
    }
  }

  private string(): string {
    const t = this.text;
    this.pos++;
    let out = '';
    for (;;) {
      STRING_BODY.lastIndex = this.pos;
      const m = STRING_BODY.exec(t)!;
      out += m[0];
      this.pos += m[0].length;
      const c = t[this.pos];
      if (c === '"') {
        this.pos++;
        return out;
      }
      if (c !== '\\') this.fail(c === undefined ? 'unterminated string' : 'control character in string');
      const e = t[this.pos + 1];
      this.pos += 2;
      switch (e) {
        case '"':
        case '\\':
        case '/':
          out += e;
          break;
        case 'b':
          out += '\b';
          break;
        case 'f':
          out += '\f';
          break;
        case 'n':
          out += '\n';
          break;
        case 'r':
          out += '\r';
          break;
        case 't':
          out += '\t';
          break;
        case 'u': {
          const hex = t.slice(this.pos, this.pos + 4);
          if (!/^[0-9a-fA-F]{4}$/.test(hex)) this.fail('bad \\u escape');
          out += String.fromCharCode(Number.parseInt(hex, 16));
          this.pos += 4;
          break;
        }
        default:
          this.fail('bad escape');
      }
    }
  }
}
