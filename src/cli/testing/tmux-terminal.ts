/**
 * Test helper: a program running in a real pseudo-terminal, driven through tmux on a private server
 * socket (so no user session is touched): type text and keys, read the screen, wait for text to appear.
 */
import { execFileSync, spawnSync } from 'node:child_process';

export function hasTmux(): boolean {
  return spawnSync('tmux', ['-V']).status === 0;
}

export class TmuxTerminal {
  private readonly socket: string;
  private readonly name = 'lakesql';

  constructor(command: string, cwd: string, env: Readonly<Record<string, string>>) {
    this.socket = `lakesql-test-${process.pid}-${Date.now()}`;
    const exports = Object.entries(env).map(([k, v]) => `${k}=${shellQuote(v)}`);
    this.tmux(
      'new-session',
      '-d',
      '-s',
      this.name,
      '-x',
      '200',
      '-y',
      '50',
      '-c',
      cwd,
      `env ${exports.join(' ')} ${command}`,
    );
    this.tmux('set-option', '-t', this.name, 'remain-on-exit', 'on');
  }

  /** Types `text` literally. */
  type(text: string): void {
    // tmux reads an argument's final `;` as a command separator; `\;` is a literal one.
    this.tmux('send-keys', '-t', this.name, '-l', text.endsWith(';') ? `${text.slice(0, -1)}\\;` : text);
  }

  /** Presses keys by tmux's names: `Enter`, `C-c`, `C-d`, `Tab`. */
  press(...keys: string[]): void {
    this.tmux('send-keys', '-t', this.name, ...keys);
  }

  screen(): string {
    return this.tmux('capture-pane', '-p', '-J', '-t', this.name, '-S', '-200');
  }

  /** Whether the program has exited (the pane stays, thanks to remain-on-exit). */
  exited(): boolean {
    return this.tmux('display-message', '-p', '-t', this.name, '#{pane_dead}').trim() === '1';
  }

  /** Polls the screen until `predicate` holds; fails with the screen after `timeoutMs`. */
  async waitFor(predicate: (screen: string) => boolean, timeoutMs = 30_000): Promise<string> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const screen = this.screen();
      if (predicate(screen)) return screen;
      if (Date.now() > deadline) throw new Error(`timed out; the screen:\n${screen}`);
      await new Promise((r) => setTimeout(r, 50));
    }
  }

  close(): void {
    spawnSync('tmux', ['-L', this.socket, 'kill-server']);
  }

  private tmux(...args: string[]): string {
    return execFileSync('tmux', ['-L', this.socket, ...args], { encoding: 'utf8' });
  }
}

function shellQuote(s: string): string {
  return `'${s.replaceAll("'", "'\\''")}'`;
}
