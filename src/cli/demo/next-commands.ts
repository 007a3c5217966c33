/** What the demo prints last: commands a user can run next on the tables it left in the warehouse. */

/** Shell text for one argument: as is when it is plain, else single-quoted. */
function shellArg(arg: string): string {
  return /^[\w@%+=:,./-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", "'\\''")}'`;
}

/**
 * `warehouse` is the folder the user named (undefined for the default `./lakesql-warehouse`, which the
 * commands then need not name either); `savePath` is the Delta path under demo_db.score.
 */
export function nextCommands(warehouse: string | undefined, savePath: string): string[] {
  const lakesql = warehouse === undefined ? 'lakesql' : `lakesql --warehouse ${shellArg(warehouse)}`;
  const sql = (statement: string) => `  ${lakesql} sql -e ${shellArg(statement)}`;
  return [
    'Next, try (from this clone, `node dist/cli/main.js` stands for `lakesql`; `npm link` installs it):',
    sql('SELECT * FROM demo_db.score ORDER BY StudentId'),
    sql('DESCRIBE HISTORY demo_db.score'),
    sql('SELECT * FROM demo_db.score VERSION AS OF 0'),
    sql('SELECT * FROM employees_target1 ORDER BY emp_id, salary'),
    `  lakesql table show ${shellArg(savePath)} --version 2`,
    `  lakesql table check ${shellArg(savePath)}`,
    `  ${lakesql} repl`,
  ];
}
