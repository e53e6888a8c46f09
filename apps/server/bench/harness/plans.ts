/**
 * BENCH_PLANS=<file>: each call's own statements with PostgreSQL's plan of them as they ran
 * (EXPLAIN (ANALYZE, BUFFERS) with the recorded parameters), written as Markdown after the calls'
 * measurements (docs/decisions/291). A call under its budget, or under a thousand a second, then
 * shows where its SQL's time goes and whether a better plan is left: the statements, each plan,
 * its buffers and its cost, beside what the call and its SQL alone did under load.
 */
import fsp from 'node:fs/promises';
import type { Measured } from '../report';
import type { BenchDatabase } from './database';

/** What the plans say of a statement: its planning and execution ms, and the buffers it touched. */
interface Explained {
  sql: string;
  params: unknown[];
  plan: string[];
  planningMs: number;
  executionMs: number;
  sharedHit: number;
  sharedRead: number;
}

const number = (line: string | undefined, pattern: RegExp) => Number(line?.match(pattern)?.[1] ?? NaN);
const MILLISECONDS = /([\d.]+) ms/;

/** One statement explained with its parameters (an unnamed statement: planned for these values). */
async function explain(database: BenchDatabase, sql: string, params: unknown[]): Promise<Explained> {
  // Once first, so the plan is of pages in memory, as under the calls' load.
  await database.run(sql, params);
  const { rows } = await database.run(`explain (analyze, buffers) ${sql}`, params);
  const plan = rows.map((row) => String(row['QUERY PLAN']));
  const lineOf = (label: string) => plan.find((line) => line.startsWith(label));
  // The top node's buffers are the statement's own, its subplans' included.
  const buffers = plan.find((line) => line.trim().startsWith('Buffers:'));
  return {
    sql,
    params,
    plan,
    planningMs: number(lineOf('Planning Time'), MILLISECONDS),
    executionMs: number(lineOf('Execution Time'), MILLISECONDS),
    sharedHit: number(buffers, /shared hit=(\d+)/) || 0,
    sharedRead: number(buffers, /shared (?:hit=\d+ )?read=(\d+)/) || 0,
  };
}

/**
 * Calls a second the two cores allow a call whose SQL alone runs `sqlRps` a second beside a
 * server whose no-op answers `floorRps`: each call spends 1/sqlRps of the machine on its SQL and at
 * least 1/floorRps on the HTTP floor, so together no more than 1 / (1/sqlRps + 1/floorRps).
 */
export function ceilingRps(sqlRps: number, floorRps: number): number {
  return 1 / (1 / sqlRps + 1 / floorRps);
}

const ms = (value: number) => (Number.isFinite(value) ? value.toFixed(3) : '—');
const whole = (value: number) => (Number.isFinite(value) ? Math.round(value).toLocaleString('en-GB') : '—');

/** Explains every measured call's statements and writes the Markdown to `file` (PostgreSQL only). */
export async function writePlans(database: BenchDatabase, measured: Measured[], file: string, title: string): Promise<void> {
  const explained: { call: Measured; statements: Explained[] }[] = [];
  for (const call of measured) {
    const statements: Explained[] = [];
    for (const s of call.statements) statements.push(await explain(database, s.sql, s.params));
    explained.push({ call, statements });
  }
  const lines = [
    `# Plans: ${title}`,
    '',
    'Per call: req/s under load; the no-op beside it; its SQL alone under the same load (calls/s); the ceiling the two cores',
    'allow those two together, 1 / (1/SQL alone + 1/no-op); its statements; and, summed over them, the planning and',
    "execution ms and shared buffers of EXPLAIN (ANALYZE, BUFFERS) with the recorded parameters (the guard's user lookup,",
    'which the no-op also runs, left out).',
    '',
    '| call | req/s | no-op req/s | SQL alone, calls/s | ceiling, calls/s | statements | planning ms | execution ms | buffers hit | buffers read |',
    '|---|---|---|---|---|---|---|---|---|---|',
    ...explained.map(({ call, statements }) => {
      const sum = (pick: (e: Explained) => number) => statements.reduce((total, e) => total + pick(e), 0);
      const cells = [
        call.name,
        whole(call.load.rps),
        whole(call.floorRps),
        whole(call.sqlRps),
        whole(ceilingRps(call.sqlRps, call.floorRps)),
        String(statements.length),
        ms(sum((e) => e.planningMs)),
        ms(sum((e) => e.executionMs)),
        whole(sum((e) => e.sharedHit)),
        whole(sum((e) => e.sharedRead)),
      ];
      return `| ${cells.join(' | ')} |`;
    }),
  ];
  for (const { call, statements } of explained) {
    lines.push('', `## ${call.name}`, '', `\`GET ${call.url}\``);
    for (const [i, e] of statements.entries()) {
      lines.push(
        '',
        `### Statement ${i + 1} of ${statements.length}: planning ${ms(e.planningMs)} ms, execution ${ms(e.executionMs)} ms`,
        '',
        '```sql',
        e.sql,
        '```',
        '',
        `Parameters: \`${JSON.stringify(e.params)}\``,
        '',
        '```',
        ...e.plan,
        '```',
      );
    }
  }
  await fsp.writeFile(file, `${lines.join('\n')}\n`);
}
