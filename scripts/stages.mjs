// Runs a gate's stages in order and prints each one's time at the end, pass or fail. A stage is one
// command, or several that run side by side (their output printed whole as each ends). The first
// failure stops the run. With STAGE_TIMES set, the rows are also appended to that file, so a gate
// that runs another (validate runs `npm test`) prints both in its own table.
import { spawn } from 'node:child_process';
import { appendFileSync, existsSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** @typedef {{ name: string, command: string, env?: Record<string, string | undefined> }} Step */
/** @typedef {{ name: string, steps: Step[], when?: () => boolean }} Stage */

/** @param {Step} step @param {boolean} buffered @returns {Promise<{ code: number, output: string }>} */
function run(step, buffered, rowsFile) {
  const env = { ...process.env, STAGE_TIMES: rowsFile };
  for (const [key, value] of Object.entries(step.env ?? {})) {
    if (value === undefined) delete env[key];
    else env[key] = value;
  }
  return new Promise((resolve) => {
    const child = spawn(step.command, { shell: true, env, stdio: buffered ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (d) => (output += d));
    child.stderr?.on('data', (d) => (output += d));
    child.on('close', (code, signal) => resolve({ code: code ?? (signal ? 1 : 0), output }));
  });
}

const seconds = (ms) => `${(ms / 1000).toFixed(0)} s`;
const minutes = (ms) => `${Math.floor(ms / 60000)}:${String(Math.round((ms % 60000) / 1000)).padStart(2, '0')}`;

/** @param {string} gate @param {Stage[]} stages */
export async function runStages(gate, stages) {
  const outer = process.env.STAGE_TIMES;
  const inner = join(tmpdir(), `stage-times-${process.pid}.tsv`);
  const rows = [];
  const started = Date.now();
  let failed = null;
  for (const stage of stages) {
    if (stage.when && !stage.when()) {
      rows.push([stage.name, 'skipped', '']);
      continue;
    }
    console.log(`\n--- ${gate}: ${stage.name} ---`);
    const begun = Date.now();
    rmSync(inner, { force: true });
    const parallel = stage.steps.length > 1;
    const results = await Promise.all(
      stage.steps.map(async (step) => {
        const stepBegun = Date.now();
        const result = await run(step, parallel, inner);
        if (parallel) console.log(`\n--- ${gate}: ${stage.name} › ${step.name} (${seconds(Date.now() - stepBegun)}) ---\n${result.output}`);
        return { step, ...result, ms: Date.now() - stepBegun };
      }),
    );
    const nested = existsSync(inner)
      ? readFileSync(inner, 'utf8')
          .trim()
          .split('\n')
          .filter(Boolean)
          .map((line) => line.split('\t'))
      : [];
    rows.push([stage.name, results.every((r) => r.code === 0) ? 'ok' : 'FAILED', seconds(Date.now() - begun)]);
    if (parallel) for (const r of results) rows.push([`  ${r.step.name}`, r.code === 0 ? 'ok' : 'FAILED', seconds(r.ms)]);
    for (const [name, status, time] of nested) rows.push([`  ${name}`, status, time]);
    const broken = results.find((r) => r.code !== 0);
    if (broken) {
      failed = `${stage.name} (${broken.step.name}) exited with ${broken.code}`;
      break;
    }
  }
  rmSync(inner, { force: true });
  const total = Date.now() - started;
  const width = Math.max(...rows.map((r) => r[0].length), 10);
  console.log(`\n=== ${gate}: stage times ===`);
  for (const [name, status, time] of rows) console.log(`${name.padEnd(width)}  ${status.padEnd(7)}  ${time.padStart(6)}`);
  console.log(`${'total'.padEnd(width)}  ${(failed ? 'FAILED' : 'ok').padEnd(7)}  ${minutes(total).padStart(6)}`);
  if (outer) for (const [name, status, time] of rows) appendFileSync(outer, `${name.trim()}\t${status}\t${time}\n`);
  if (failed) {
    console.error(`\n${gate} failed: ${failed}`);
    process.exit(1);
  }
}
