/**
 * to_char(number, format): Spark's ToNumberParser.format, ported: `0`/`9` digit runs (a run starting with 0
 * pads with zeros, with 9 pads with spaces), `.`/`D` the point, `,`/`G` grouping, `$`, `S` (+ or -), `MI`
 * (- or a space) and `PR` (<…> or two spaces). A value with more digits than the format prints `#`s.
 * `plain` is the value's plain decimal text (`-12454.80`).
 */
type Token =
  | { readonly kind: 'digits'; readonly count: number; readonly exact: boolean }
  | { readonly kind: 'group' | 'point' | 'dollar' | 'sign' | 'minus' | 'open' | 'close' };

export function formatTokens(format: string): Token[] {
  const tokens: Token[] = [];
  const upper = format.toUpperCase();
  let brackets = false;
  for (let i = 0; i < upper.length; ) {
    const c = upper[i]!;
    if (c === '0' || c === '9') {
      let j = i;
      while (upper[j] === '0' || upper[j] === '9') j++;
      tokens.push({ kind: 'digits', count: j - i, exact: c === '0' });
      i = j;
    } else if (c === '.' || c === 'D') {
      tokens.push({ kind: 'point' });
      i++;
    } else if (c === ',' || c === 'G') {
      tokens.push({ kind: 'group' });
      i++;
    } else if (c === '$') {
      tokens.push({ kind: 'dollar' });
      i++;
    } else if (c === 'S') {
      tokens.push({ kind: 'sign' });
      i++;
    } else if (upper.startsWith('MI', i)) {
      tokens.push({ kind: 'minus' });
      i += 2;
    } else if (upper.startsWith('PR', i)) {
      brackets = true;
      i += 2;
    } else i++;
  }
  return brackets ? [{ kind: 'open' }, ...tokens, { kind: 'close' }] : tokens;
}

export function toCharNumber(plain: string, tokens: readonly Token[]): string {
  const negative = plain.startsWith('-') && /[1-9]/.test(plain);
  const [intText = '', fracText = ''] = plain.split('.');
  let before = intText.replace(/^[-0]+/, '');
  let after = fracText.replace(/0+$/, '');
  let nBefore = 0;
  let nAfter = 0;
  let seenPoint = false;
  for (const t of tokens) {
    if (t.kind === 'point') seenPoint = true;
    else if (t.kind === 'digits') {
      if (seenPoint) nAfter += t.count;
      else nBefore += t.count;
    }
  }
  if (nBefore < before.length || nAfter < after.length) {
    before = '#'.repeat(nBefore);
    after = '#'.repeat(nAfter);
  }
  before = ' '.repeat(nBefore - before.length) + before;
  after = after + '0'.repeat(nAfter - after.length);

  const r: string[] = [];
  let bi = 0;
  let ai = 0;
  let reachedPoint = false;
  const addCharCheckingTrailingSpaces = (ch: string) => {
    r.push(ch);
    for (let i = r.length - 1; i >= 1 && r[i - 1] === ' ' && r[i] === ch; i--) {
      r[i] = ' ';
      r[i - 1] = ch;
    }
  };
  const addSpaceCheckingTrailingCharacters = () => {
    r.push(' ');
    for (let i = r.length - 1; i >= 1 && ['+', '-', '<'].includes(r[i - 1]!) && r[i] === ' '; i--) {
      r[i] = r[i - 1]!;
      r[i - 1] = ' ';
    }
  };
  const stripTrailingLonePoint = () => {
    const i = r.indexOf('.');
    if (i !== -1 && (i === r.length - 1 || r[i + 1] === ' ')) r[i] = ' ';
  };
  for (const t of tokens) {
    switch (t.kind) {
      case 'digits':
        for (let k = 0; k < t.count; k++) {
          if (reachedPoint) r.push(after[ai++]!);
          else {
            const c = before[bi++]!;
            if (c === ' ' && t.exact) r.push('0');
            else if (c === ' ') addSpaceCheckingTrailingCharacters();
            else r.push(c);
          }
        }
        break;
      case 'group':
        if (reachedPoint) break;
        if (r.length > 0 && /[0-9]/.test(r[r.length - 1]!)) r.push(',');
        else addSpaceCheckingTrailingCharacters();
        break;
      case 'point':
        if (r.length > 0 && r[r.length - 1] === ' ') r[r.length - 1] = '0';
        r.push('.');
        reachedPoint = true;
        break;
      case 'dollar':
        r.push('$');
        break;
      case 'sign':
        stripTrailingLonePoint();
        addCharCheckingTrailingSpaces(negative ? '-' : '+');
        break;
      case 'minus':
        if (negative) {
          stripTrailingLonePoint();
          addCharCheckingTrailingSpaces('-');
        } else r.push(' ');
        break;
      case 'open':
        if (negative) r.push('<');
        break;
      case 'close':
        stripTrailingLonePoint();
        if (negative) addCharCheckingTrailingSpaces('>');
        else r.push(' ', ' ');
        break;
    }
  }
  stripTrailingLonePoint();
  const s = r.join('');
  return s === '' || s === '+' || s === '-' ? '0' : s;
}
