/** The bench's verdicts as ratios to the floors of the same run (docs/decisions/284): bench/ratios.ts. */
import { describe, expect, it } from 'vitest';
import { LIST_BUDGET } from '../bench/endpoints';
import { ceilingRps } from '../bench/harness/plans';
import { judge, margin } from '../bench/ratios';

const floor = { rps: 5000, ms: 0.3, dbRps: 10_000, dbMs: 0.15 };
const call = (rps: number, single: number, sql: number) => ({
  load: { p50: 1, p95: 2, p99: 3, rps, failures: 0 },
  single,
  sql,
  statements: 1,
  budget: LIST_BUDGET,
});

describe('a list call judged against the floors', () => {
  it('passes at a fifth of the no-op and a server adding no more than 1.2× its SQL', () => {
    const judged = judge(call(1000, 0.3 + 1.2, 1), floor);
    expect(judged.share).toBeCloseTo(0.2);
    expect(judged.ratio).toBeCloseTo(1.2);
    expect(judged.misses).toEqual([]);
  });

  it('misses below a fifth of the no-op, and says when its SQL alone cannot go faster', () => {
    // Its SQL, 13 floor reads, alone allows 0.15 of the no-op; with the server adding up to 1.2× it, 0.07.
    const judged = judge(call(300, 0.3 + 2.4, 2), floor);
    expect(judged.heldBySql).toBe(false);
    expect(judged.misses).toHaveLength(1);
    expect(judged.misses[0]).toMatch(
      /^share 0\.06 < 0\.20 \(70 % short; its SQL, 13 floor reads, alone allows about 0\.15, so at least 0\.07\)/,
    );
    expect(judge(call(900, 0.3 + 0.1, 0.1), floor).misses[0]).not.toContain('its SQL');
  });

  it('is held by its SQL, not missed, below a fifth when its SQL alone allows less and it reaches that over 2.2', () => {
    const held = judge(call(900, 0.3 + 2.4, 2), floor);
    expect(held.heldBySql).toBe(true);
    expect(held.misses).toEqual([]);
    expect(margin({ ...call(900, 0.3 + 2.4, 2) }, held)).toMatch(/held by its SQL: 13 floor reads allow about 0\.15, share 0\.18/);
    // A call whose SQL would allow the budget is judged by the budget alone.
    expect(judge(call(900, 0.3 + 0.1, 0.1), floor).heldBySql).toBe(false);
  });

  it('is held by its SQL when its SQL alone allows the share but not with the server at its 1.2× on top', () => {
    // 0.5 ms of SQL, 3.3 floor reads: alone 0.6 of the no-op, with the server's 1.2× on top 0.27.
    expect(judge(call(900, 0.3 + 1.1, 0.5), floor).misses[0]).toMatch(/^share 0\.18 < 0\.20 \(10 % short\)$/);
    // 1 ms of SQL, 6.7 floor reads: alone 0.3, with the server on top 0.14 — reached at 0.15, missed at 0.12.
    expect(judge(call(750, 0.3 + 2.2, 1), floor).heldBySql).toBe(true);
    expect(judge(call(600, 0.3 + 2.2, 1), floor).misses[0]).toMatch(/alone allows about 0\.30, so at least 0\.14\)$/);
  });

  it('takes what its SQL alone does under the same load, where measured, over the floor-read estimate', () => {
    // 0.5 ms of SQL, 3.3 floor reads: estimated, alone 0.6 of the no-op, so 0.18 misses the budget.
    const estimated = judge(call(900, 0.3 + 0.6, 0.5), floor);
    expect(estimated.sqlCapMeasured).toBe(false);
    expect(estimated.misses[0]).toMatch(/^share 0\.18 < 0\.20 \(10 % short\)$/);
    // Run under load, the same SQL alone answers 1,500 calls a second (0.3 of the no-op): held at 0.14.
    const measured = judge({ ...call(900, 0.3 + 0.6, 0.5), sqlRps: 1500 }, floor);
    expect(measured.sqlCapMeasured).toBe(true);
    expect(measured.sqlCapShare).toBeCloseTo(0.3);
    expect(measured.heldBySql).toBe(true);
    expect(margin({ ...call(900, 0.3 + 0.6, 0.5), sqlRps: 1500 }, measured)).toMatch(
      /^ok: held by its SQL: alone under the same load it allows about 0\.30, share 0\.18/,
    );
    // Below that figure over 2.2 it misses, and says so.
    expect(judge({ ...call(600, 0.3 + 0.6, 0.5), sqlRps: 1500 }, floor).misses[0]).toMatch(
      /^share 0\.12 < 0\.20 \(40 % short; its SQL under the same load alone allows about 0\.30, so at least 0\.14\)$/,
    );
    // Not measured (PGlite): the estimate.
    expect(judge({ ...call(900, 0.3 + 0.6, 0.5), sqlRps: Number.NaN }, floor).sqlCapMeasured).toBe(false);
  });

  it('misses when the server adds more than 1.2× its SQL and more than the floor costs; a small overhead passes', () => {
    expect(judge(call(2000, 0.3 + 3, 1), floor).misses).toEqual([expect.stringMatching(/^adds 2\.00 ms = 3\.00× SQL/)]);
    // 0.25 ms over a 0.05 ms statement: 5× its SQL, but within the floor's own 0.3 ms.
    expect(judge(call(2000, 0.3 + 0.3, 0.05), floor).misses).toEqual([]);
  });

  it("is net of the no-op measured in turn with it, where there is one, not of the run's floor", () => {
    // The machine was twice as slow while this call was measured: the no-op beside it took 0.6 ms.
    const slowed = { ...call(2000, 0.6 + 1.2, 1), floorSingle: 0.6 };
    const paired = judge(slowed, floor);
    expect(paired.floorMs).toBe(0.6);
    expect(paired.ratio).toBeCloseTo(1.2);
    expect(paired.misses).toEqual([]);
    // Against the run's quicker 0.3 ms the same figures would charge the drift to the server.
    expect(judge({ ...slowed, floorSingle: undefined }, floor).misses).toEqual([expect.stringMatching(/^adds 0\.50 ms = 1\.50× SQL/)]);
    // The allowance is the paired no-op's own time too: 0.5 ms over 0.1 ms of SQL is within 0.6 ms.
    expect(judge({ ...call(2000, 0.6 + 0.6, 0.1), floorSingle: 0.6 }, floor).misses).toEqual([]);
    expect(judge({ ...call(2000, 0.6 + 0.6, 0.1), floorSingle: Number.NaN }, floor).floorMs).toBe(0.3);
  });

  it("takes its share of the no-op's load run beside it, where there is one, not of the run's floor", () => {
    // The machine was slower while this call ran under load: the no-op beside it did 3,000 req/s.
    const slowed = { ...call(700, 0.3 + 0.6, 0.5), floorRps: 3000 };
    const paired = judge(slowed, floor);
    expect(paired.floorRps).toBe(3000);
    expect(paired.share).toBeCloseTo(0.233);
    expect(paired.misses).toEqual([]);
    // Against the run's quicker 5,000 req/s the same call would miss.
    expect(judge({ ...slowed, floorRps: undefined }, floor).misses).toEqual([expect.stringMatching(/^share 0\.14 < 0\.20/)]);
    // What its SQL alone allows is a share of the same paired no-op.
    expect(judge({ ...slowed, sqlRps: 1500 }, floor).sqlCapShare).toBeCloseTo(0.5);
    // Paired, a call still misses when it is slower than a fifth of the no-op beside it.
    expect(judge({ ...call(500, 0.3 + 0.6, 0.5), floorRps: 3000 }, floor).misses).toEqual([expect.stringMatching(/^share 0\.17 < 0\.20/)]);
    expect(judge({ ...slowed, floorRps: Number.NaN }, floor).floorRps).toBe(5000);
  });

  it('counts failed requests as a miss', () => {
    const failing = call(2000, 1, 1);
    failing.load.failures = 3;
    expect(judge(failing, floor).misses).toContain('3 failed requests');
  });
});

describe('the ceiling a call’s SQL and the no-op leave it on the same cores (bench/harness/plans.ts)', () => {
  it('is below both, each call paying for its SQL and for the HTTP floor', () => {
    // Last bench's "receipts, by part number": its SQL alone 1,116 calls/s, the no-op beside it 7,712 req/s.
    expect(ceilingRps(1116, 7712)).toBeCloseTo(975, 0);
    expect(ceilingRps(1000, 1000)).toBe(500);
    expect(ceilingRps(1116, Infinity)).toBe(1116);
  });
});
