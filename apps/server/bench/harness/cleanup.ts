/**
 * What a run started or created, undone in reverse order at its end — also after a failure, the
 * time limit or Ctrl-C. Steps may be added again after a run (BENCH_SCALE runs several).
 */
export function log(message: string): void {
  process.stderr.write(`[bench] ${message}\n`);
}

type Step = () => Promise<unknown> | void;
const steps: Step[] = [];

export function onCleanup(step: Step): void {
  steps.push(step);
}

/** Runs every step registered so far, newest first; a step that fails is reported, the others still run. */
export async function cleanUp(): Promise<void> {
  for (let step = steps.pop(); step; step = steps.pop()) {
    try {
      await step();
    } catch (err) {
      console.error(`cleanup: ${err instanceof Error ? err.message : String(err)}`);
    }
  }
}
