import { describe, expect, it } from 'vitest';
import { applyDisplayCommand, replCommand } from './repl-commands.js';

describe('replCommand', () => {
  it('help, .help, \\? and \\h list the commands; exit, quit, \\q leave; a trailing ; is allowed', () => {
    for (const line of ['help', '.help', '\\?', '\\h', ' HELP; '])
      expect(replCommand(line)).toEqual({ kind: 'help' });
    for (const line of ['exit', 'quit;', '\\q', 'QUIT', '.exit'])
      expect(replCommand(line)).toEqual({ kind: 'quit' });
  });

  it('\\x toggles or sets expanded display; .mode names a display', () => {
    expect(replCommand('\\x')).toEqual({ kind: 'expanded' });
    expect(replCommand('\\x on')).toEqual({ kind: 'expanded', on: true });
    expect(replCommand('\\x OFF')).toEqual({ kind: 'expanded', on: false });
    expect(replCommand('.mode line')).toEqual({ kind: 'mode', mode: 'line' });
    expect(replCommand('.mode')).toEqual({ kind: 'mode', mode: undefined });
  });

  it('SQL is not a command', () => {
    for (const line of ['SELECT 1;', 'help me', 'exit now', 'SET x = 1'])
      expect(replCommand(line)).toBeUndefined();
  });

  it('the display each command leaves, and its answer', () => {
    expect(applyDisplayCommand({ kind: 'expanded' }, 'table')).toEqual({
      display: 'expanded',
      message: 'Expanded display is on.',
    });
    expect(applyDisplayCommand({ kind: 'expanded' }, 'expanded')).toEqual({
      display: 'table',
      message: 'Expanded display is off.',
    });
    expect(applyDisplayCommand({ kind: 'expanded', on: true }, 'line')).toEqual({
      display: 'expanded',
      message: 'Expanded display is on.',
    });
    expect(applyDisplayCommand({ kind: 'mode', mode: 'line' }, 'table')).toEqual({
      display: 'line',
      message: 'Display mode: line.',
    });
    expect(applyDisplayCommand({ kind: 'mode', mode: 'csv' }, 'line')).toEqual({
      display: 'line',
      message: "Unknown display mode 'csv': line or table.",
    });
  });
});
