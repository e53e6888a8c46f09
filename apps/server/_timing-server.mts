import fs from 'node:fs';
import { buildTestApp, createUser } from './test/helpers.ts';
const t = await buildTestApp({ LOG_LEVEL: 'silent' });
const users = [];
for (let i = 0; i < 125; i++) users.push((await createUser(t.app)).user.username);
fs.writeFileSync('/tmp/timing/users.json', JSON.stringify(users));
await t.app.listen({ port: 18241, host: '127.0.0.1' });
console.log('listening');
process.on('SIGTERM', () => void t.close().then(() => process.exit(0)));
