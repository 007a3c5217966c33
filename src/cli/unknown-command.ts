/**
 * What `lakesql <word>` says when the word is no command: the word, then the commands there are, as
 * `git`'s and `npm`'s "unknown command" do, rather than commander's "too many arguments".
 */
import type { Command } from 'commander';

export function unknownCommandText(program: Command, word: string): string {
  const help = program.createHelp();
  const commands = help.visibleCommands(program);
  const terms = commands.map((c) => help.subcommandTerm(c));
  const width = Math.max(...terms.map((t) => t.length));
  const lines = commands.map((c, i) => `  ${terms[i]!.padEnd(width)}  ${help.subcommandDescription(c)}`);
  return `error: unknown command '${word}'\n\nCommands:\n${lines.join('\n')}`;
}
