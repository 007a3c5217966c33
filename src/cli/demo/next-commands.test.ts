import { describe, expect, it } from 'vitest';
import { nextCommands } from './next-commands.js';

describe('the demo’s next commands', () => {
  it('name no warehouse when the demo ran on the default one', () => {
    expect(nextCommands(undefined, '/w/_lakesql_demo/tmp/demo_score')).toEqual([
      'Next, try (from this clone, `node dist/cli/main.js` stands for `lakesql`; `npm link` installs it):',
      "  lakesql sql -e 'SELECT * FROM demo_db.score ORDER BY StudentId'",
      "  lakesql sql -e 'DESCRIBE HISTORY demo_db.score'",
      "  lakesql sql -e 'SELECT * FROM demo_db.score VERSION AS OF 0'",
      "  lakesql sql -e 'SELECT * FROM employees_target1 ORDER BY emp_id, salary'",
      '  lakesql table show /w/_lakesql_demo/tmp/demo_score --version 2',
      '  lakesql table check /w/_lakesql_demo/tmp/demo_score',
      '  lakesql repl',
    ]);
  });

  it('quote a warehouse path the shell would split or expand', () => {
    const lines = nextCommands("/tmp/my wh's", "/tmp/my wh's/_lakesql_demo/tmp/demo_score");
    expect(lines[1]).toBe(
      "  lakesql --warehouse '/tmp/my wh'\\''s' sql -e 'SELECT * FROM demo_db.score ORDER BY StudentId'",
    );
    expect(lines[5]).toBe("  lakesql table show '/tmp/my wh'\\''s/_lakesql_demo/tmp/demo_score' --version 2");
  });
});
