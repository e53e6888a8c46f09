// Recovery request timing: existing vs unknown user, over real HTTP, 4 runs × 30 calls each.
import { buildTestApp, createUser } from './test/helpers.ts';
const t = await buildTestApp({ LOG_LEVEL: 'silent' });
await t.app.listen({ port: 18241, host: '127.0.0.1' });
const users = [];
for (let i = 0; i < 125; i++) users.push((await createUser(t.app)).user);
const call = async (username: string) => {
  const started = performance.now();
  const res = await fetch('http://127.0.0.1:18241/api/password_recovery/request', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ username }) });
  await res.text();
  return performance.now() - started;
};
const median = (xs: number[]) => { const s = [...xs].sort((a, b) => a - b); return (s[14]! + s[15]!) / 2; };
// warm-up
for (let i = 0; i < 5; i++) { await call(users[120 + i]!.username); await call(`nobody-warm-${i}`); }
let u = 0;
for (let run = 1; run <= 4; run++) {
  const existing: number[] = [], unknown: number[] = [];
  for (let i = 0; i < 30; i++) {
    existing.push(await call(users[u++ % 120]!.username));
    await new Promise((r) => setTimeout(r, 20));
    unknown.push(await call(`nobody-${run}-${i}`));
    await new Promise((r) => setTimeout(r, 20));
  }
  console.log(`run ${run}: existing median ${median(existing).toFixed(2)} ms, unknown median ${median(unknown).toFixed(2)} ms, diff ${(median(existing) - median(unknown)).toFixed(2)} ms`);
}
await t.close();
