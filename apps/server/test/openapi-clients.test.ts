/**
 * The committed openapi.json makes working clients (docs/decisions/278): openapi-typescript's types
 * and @hey-api/openapi-ts's SDK are generated from it into a temporary folder and typechecked with
 * tsc, and a flow written against those types with openapi-fetch signs in, creates a receipt and
 * reads it back from a real server listening on a port.
 */
import { execFile } from 'node:child_process';
import { createHmac, timingSafeEqual } from 'node:crypto';
import fs from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import openapiTS, { astToString } from 'openapi-typescript';
import type { DeliveryEmail } from '@cooler-hub/contract/delivery-emails';
import type { Receipt } from '@cooler-hub/contract/receipts';
import { ADMIN_USERNAME } from '../src/db/seed';
import { ADMIN_PASSWORD, adminToken, buildTestApp, json, waitFor, type TestApp } from './helpers';
import { call, createReceiptReferences, newReceipt } from './factories';
import { TEST_JOB_TIMINGS } from './jobs';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../..');
const DOCUMENT = path.join(ROOT, 'openapi.json');

/** Written against the generated types only: what a client of the API would write. */
const FLOW = `
import createClient from 'openapi-fetch';
import type { components, paths } from './schema';

type ReceiptBody = paths['/api/receipts']['post']['requestBody']['content']['application/json'];
type Refusal = components['schemas']['AuthError'] | components['schemas']['HydraError'] | components['schemas']['ConstraintViolationList'];

export async function signInCreateAndRead(baseUrl: string, username: string, password: string, body: ReceiptBody) {
  const client = createClient<paths>({ baseUrl });
  const signedIn = await client.POST('/api/login_check', { body: { username, password } });
  if (!signedIn.data) throw new Error('sign-in refused: ' + signedIn.response.status);
  const headers = { Authorization: 'Bearer ' + signedIn.data.token };
  const created = await client.POST('/api/receipts', { body, headers });
  if (!created.data) throw new Error('create refused: ' + created.response.status + ' ' + JSON.stringify(created.error));
  const id: string = created.data.id;
  const read = await client.GET('/api/receipts/{id}', { params: { path: { id } }, headers });
  const anonymous = await client.GET('/api/receipts/{id}', { params: { path: { id } } });
  const refusal: Refusal | undefined = anonymous.error;
  return {
    createdStatus: created.response.status,
    created: created.data,
    readStatus: read.response.status,
    read: read.data,
    anonymousStatus: anonymous.response.status,
    refusal,
  };
}

type NoteBody = paths['/api/deliveries']['post']['requestBody']['content']['application/json'];

/**
 * An integrator's day: a person signs in and makes a token under their profile; an Admin registers a
 * webhook; the script, with the token only, creates a receipt, puts it on a note and approves it.
 */
export async function integratorJourney(
  baseUrl: string,
  signIn: { username: string; password: string },
  receipt: ReceiptBody,
  note: Omit<NoteBody, 'lbNumbers'>,
  receiverUrl: string,
) {
  const person = createClient<paths>({ baseUrl });
  const signedIn = await person.POST('/api/login_check', { body: signIn });
  if (!signedIn.data) throw new Error('sign-in refused: ' + signedIn.response.status);
  person.use({ onRequest: ({ request }) => (request.headers.set('Authorization', 'Bearer ' + signedIn.data.token), request) });
  const made = await person.POST('/api/profile/tokens', { body: { name: 'nightly-' + receipt.id.slice(0, 8), scope: 'asMyRole', expiresOn: '2027-06-30' } });
  if (!made.data) throw new Error('token refused: ' + JSON.stringify(made.error));
  const hook = await person.POST('/api/webhooks', { body: { url: receiverUrl, events: ['delivery.approved'] } });
  if (!hook.data) throw new Error('webhook refused: ' + JSON.stringify(hook.error));

  const script = createClient<paths>({ baseUrl, headers: { Authorization: 'Bearer ' + made.data.token } });
  const created = await script.POST('/api/receipts', { body: receipt });
  if (!created.data) throw new Error('create refused: ' + JSON.stringify(created.error));
  const read = await script.GET('/api/receipts/{id}', { params: { path: { id: created.data.id } } });
  const noted = await script.POST('/api/deliveries', { body: { ...note, lbNumbers: [created.data.lbNumber] } });
  if (!noted.data) throw new Error('note refused: ' + JSON.stringify(noted.error));
  const approved = await script.POST('/api/deliveries/{id}/approve', { params: { path: { id: String(noted.data.id) } } });
  const tokenOnProfile = await script.GET('/api/profile/tokens');
  return {
    token: made.data.token,
    secret: hook.data.secret,
    readLb: read.data?.lbNumber,
    noteId: noted.data.id,
    approvedStatus: approved.response.status,
    tokenOnProfileStatus: tokenOnProfile.response.status,
  };
}
`;

let t: TestApp;
let baseUrl: string;
let dir: string;
let operationIds: string[];

beforeAll(async () => {
  dir = await fs.mkdtemp(path.join(os.tmpdir(), 'cooler-openapi-clients-'));
  // The generated code and the flow resolve openapi-fetch and TypeScript's libraries from ours.
  await fs.symlink(path.join(ROOT, 'node_modules'), path.join(dir, 'node_modules'), 'dir');
  const document = JSON.parse(await fs.readFile(DOCUMENT, 'utf8')) as { paths: Record<string, Record<string, { operationId: string }>> };
  operationIds = Object.values(document.paths).flatMap((item) => Object.values(item).map((operation) => operation.operationId));
  const [types] = await Promise.all([
    openapiTS(new URL(`file://${DOCUMENT}`)),
    run(process.execPath, [path.join(ROOT, 'node_modules/@hey-api/openapi-ts/bin/run.js'), '-i', DOCUMENT, '-o', path.join(dir, 'hey')], {
      cwd: dir,
    }),
  ]);
  await fs.writeFile(path.join(dir, 'schema.d.ts'), astToString(types));
  await fs.writeFile(path.join(dir, 'flow.ts'), FLOW);
  // Every operationId is a function of the SDK, under that name.
  await fs.writeFile(
    path.join(dir, 'sdk-names.ts'),
    `import * as sdk from './hey/sdk.gen';\nexport const names: (keyof typeof sdk)[] = ${JSON.stringify(operationIds)};\n`,
  );
  await fs.writeFile(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2022', 'DOM', 'DOM.Iterable'],
        types: [],
        skipLibCheck: true,
      },
      include: ['flow.ts', 'sdk-names.ts', 'schema.d.ts', 'hey/**/*.ts'],
    }),
  );
  // The journey's webhook goes to a receiver on this machine, retried on the tests' short timings.
  t = await buildTestApp({ WEBHOOKS_ALLOW_PRIVATE_TARGETS: 'true' }, { jobTimings: TEST_JOB_TIMINGS });
  baseUrl = await t.app.listen({ host: '127.0.0.1', port: 0 });
}, 60_000);

afterAll(async () => {
  await t?.close();
  if (dir) await fs.rm(dir, { recursive: true, force: true });
});

describe('clients generated from openapi.json', () => {
  it('typecheck: the types of openapi-typescript, the SDK of @hey-api/openapi-ts and a flow written against them', async () => {
    const tsc = path.join(ROOT, 'node_modules/typescript/bin/tsc');
    const result = await run(process.execPath, [tsc, '-p', path.join(dir, 'tsconfig.json')], { cwd: dir }).then(
      () => ({ code: 0, output: '' }),
      (err: { code?: number; stdout?: string; stderr?: string }) => ({
        code: err.code ?? 1,
        output: `${err.stdout ?? ''}${err.stderr ?? ''}`,
      }),
    );
    expect(result.output).toBe('');
    expect(result.code).toBe(0);
    expect(operationIds.length).toBeGreaterThan(100);
  });

  it('openapi-fetch with those types signs in, creates a receipt and reads it back; without a token the answer is the documented 401', async () => {
    const refs = await createReceiptReferences(t.app, await adminToken(t.app));
    const body = newReceipt(refs);
    const flow = (await import(path.join(dir, 'flow.ts'))) as {
      signInCreateAndRead(
        baseUrl: string,
        username: string,
        password: string,
        body: unknown,
      ): Promise<{
        createdStatus: number;
        created: Receipt;
        readStatus: number;
        read: Receipt;
        anonymousStatus: number;
        refusal: unknown;
      }>;
    };
    const result = await flow.signInCreateAndRead(baseUrl, ADMIN_USERNAME, ADMIN_PASSWORD, body);
    expect(result.createdStatus).toBe(201);
    expect(result.created).toMatchObject({ id: body.id, lbNumber: body.lbNumber, processOption: 'X' });
    expect(result.readStatus).toBe(200);
    expect(result.read).toEqual(result.created);
    expect(result.anonymousStatus).toBe(401);
    expect(result.refusal).toEqual({ code: 401, message: expect.any(String) });
  });

  it('an integrator: a token made under the profile, a receipt created and read with it, a signed webhook when the note is approved', async () => {
    const received: { signature: string; body: string }[] = [];
    const receiver = http.createServer((req, res) => {
      const chunks: Buffer[] = [];
      req.on('data', (c: Buffer) => chunks.push(c));
      req.on('end', () => {
        received.push({ signature: String(req.headers['cooler-hub-signature']), body: Buffer.concat(chunks).toString('utf8') });
        res.writeHead(204).end();
      });
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    try {
      const admin = await adminToken(t.app);
      const refs = await createReceiptReferences(t.app, admin);
      const receipt = newReceipt(refs);
      const recipient = json<DeliveryEmail>(await call(t.app, admin, 'POST', '/api/delivery-emails/create', { email: 'erp@example.com' }));
      const note = {
        type: 'transfer' as const,
        deliveryDay: '2026-03-02',
        customerAccount: refs.account.id,
        businessName: null,
        dispatchAddress: null,
        invoiceAddress: null,
        CCCode: null,
        emails: [recipient.id],
      };
      const flow = (await import(path.join(dir, 'flow.ts'))) as {
        integratorJourney(...args: unknown[]): Promise<{
          token: string;
          secret: string;
          readLb: string | undefined;
          noteId: number;
          approvedStatus: number;
          tokenOnProfileStatus: number;
        }>;
      };
      const receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/hub`;
      const result = await flow.integratorJourney(
        baseUrl,
        { username: ADMIN_USERNAME, password: ADMIN_PASSWORD },
        receipt,
        note,
        receiverUrl,
      );
      expect(result.token).toMatch(/^chub_/);
      expect(result.readLb).toBe(receipt.lbNumber);
      expect(result.approvedStatus).toBe(200);
      // The token works for the script's calls and never on the profile's.
      expect(result.tokenOnProfileStatus).toBe(403);

      await waitFor(() => received[0], 20_000);
      expect(received).toHaveLength(1);
      const [{ signature, body }] = received as [{ signature: string; body: string }];
      const parts = Object.fromEntries(signature.split(',').map((p) => p.split('=') as [string, string]));
      const expected = createHmac('sha256', result.secret).update(`${parts.t}.${body}`).digest();
      expect(timingSafeEqual(Buffer.from(parts.v1 ?? '', 'hex'), expected)).toBe(true);
      const payload = JSON.parse(body) as { event: string; data: { id: number; status: string } };
      expect(payload.event).toBe('delivery.approved');
      expect(payload.data).toMatchObject({ id: result.noteId, status: 'approved' });
    } finally {
      receiver.closeAllConnections();
      await new Promise((resolve) => receiver.close(resolve));
    }
  });
});
