/**
 * The statement under the cursor, for Ctrl/Cmd-Enter without a selection: statements end at `;` outside
 * strings, backquoted names and comments (the parser's own splitStatements rule, in the page's small form).
 */
export interface Span {
  from: number;
  to: number;
}

export function statementSpans(text: string): Span[] {
  const spans: Span[] = [];
  let start = 0;
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (c === "'" || c === '"' || c === '`') {
      i = skipQuoted(text, i, c);
    } else if (c === '-' && text[i + 1] === '-') {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
    } else if (c === '/' && text[i + 1] === '*') {
      const end = text.indexOf('*/', i + 2);
      i = end < 0 ? text.length : end + 2;
    } else {
      if (c === ';') {
        spans.push({ from: start, to: i });
        start = i + 1;
      }
      i++;
    }
  }
  spans.push({ from: start, to: text.length });
  return spans.map(trim(text)).filter((s) => s.to > s.from);
}

/** The statement holding `pos`, or the nearest one before it (the cursor just after a `;`). */
export function statementAt(text: string, pos: number): Span | undefined {
  const spans = statementSpans(text);
  return (
    spans.find((s) => pos >= s.from && pos <= s.to) ?? spans.filter((s) => s.to <= pos).at(-1) ?? spans[0]
  );
}

function skipQuoted(text: string, at: number, quote: string): number {
  let i = at + 1;
  while (i < text.length) {
    if (text[i] === '\\' && quote !== '`') i += 2;
    else if (text[i] === quote) return i + 1;
    else i++;
  }
  return i;
}

function trim(text: string) {
  return (s: Span): Span => {
    let { from, to } = s;
    while (from < to && /\s/.test(text[from]!)) from++;
    while (to > from && /\s/.test(text[to - 1]!)) to--;
    return { from, to };
  };
}
