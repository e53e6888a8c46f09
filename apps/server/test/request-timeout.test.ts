/**
 * A request whose body does not arrive within REQUEST_BODY_TIMEOUT_MS is cut with 408
 * (docs/decisions/207): a raw socket sends the headers of a sign-in and then the body a byte at a
 * time, too slowly; the server answers 408 and closes the connection within the bound (plus the
 * check interval), while a body that arrives in time is answered normally.
 */
import net, { type AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REQUEST_TIMEOUT_MESSAGE } from '../src/plugins/request-timeout';
import { adminToken, buildTestApp, multipart, PNG_1X1, type TestApp } from './helpers';

const BOUND_MS = 800;
let t: TestApp;
let port: number;
beforeAll(async () => {
  t = await buildTestApp({ REQUEST_BODY_TIMEOUT_MS: String(BOUND_MS) });
  await t.app.listen({ port: 0, host: '127.0.0.1' });
  port = (t.app.server.address() as AddressInfo).port;
});
afterAll(() => t?.close());

const JSON_HEAD = 'POST /api/login_check HTTP/1.1\r\nHost: x\r\nConnection: close\r\nContent-Type: application/json\r\n';

/** Sends `head`, then `body` in pieces every `gapMs`; resolves with what the server wrote and when the socket closed. */
function slowRequest(body: string, gapMs: number, pieces: number, head = JSON_HEAD): Promise<{ response: string; closedAfterMs: number }> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const socket = net.connect(port, '127.0.0.1');
    let response = '';
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => (response += d));
    socket.on('error', () => undefined);
    socket.on('close', () => {
      clearInterval(timer);
      resolve({ response, closedAfterMs: Date.now() - started });
    });
    socket.on('connect', () => {
      socket.write(`${head}Content-Length: ${Buffer.byteLength(body, 'latin1')}\r\n\r\n`);
      const size = Math.ceil(body.length / pieces);
      let at = 0;
      timer = setInterval(() => {
        if (socket.destroyed) return clearInterval(timer);
        socket.write(body.slice(at, at + size), 'latin1');
        at += size;
        if (at >= body.length) clearInterval(timer);
      }, gapMs);
    });
    setTimeout(() => reject(new Error('the server never closed the connection')), 20_000).unref();
  });
}

describe('request time limit', () => {
  const body = JSON.stringify({ username: 'nobody-here', password: 'wrong-password-1' });

  it('a body that trickles in for longer than the bound is cut with 408', async () => {
    // 40 pieces, one every 100 ms: 4 s, five times the bound.
    const { response, closedAfterMs } = await slowRequest(body, 100, 40);
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeGreaterThanOrEqual(BOUND_MS - 50);
    // The bound plus Node's check interval (a quarter of it here), with slack for a busy machine.
    expect(closedAfterMs).toBeLessThan(BOUND_MS * 2 + 1000);
    const [, payload] = response.split('\r\n\r\n');
    expect(JSON.parse(payload!)).toMatchObject({ '@type': 'hydra:Error', 'hydra:description': REQUEST_TIMEOUT_MESSAGE });
    expect(response.toLowerCase()).toContain('connection: close');
  });

  it('a slow multipart upload is cut with 408 too', async () => {
    const form = multipart([
      { name: 'type', value: 'cooler' },
      { name: 'file', filename: 'a.png', contentType: 'image/png', data: PNG_1X1 },
    ]);
    const head = `POST /api/file_upload HTTP/1.1\r\nHost: x\r\nAuthorization: Bearer ${await adminToken(t.app)}\r\nContent-Type: ${form.headers['content-type']}\r\n`;
    const { response, closedAfterMs } = await slowRequest(form.payload.toString('latin1'), 100, 40, head);
    expect(response).toMatch(/^HTTP\/1\.1 408 /);
    expect(closedAfterMs).toBeLessThan(BOUND_MS * 2 + 1000);
    expect(JSON.parse(response.split('\r\n\r\n')[1]!)).toMatchObject({ 'hydra:description': REQUEST_TIMEOUT_MESSAGE });
  });

  it('a body that arrives within the bound is answered', async () => {
    const { response } = await slowRequest(body, 50, 4);
    expect(response).toMatch(/^HTTP\/1\.1 401 /);
  });
});
