/**
 * A small load balancer for tests of several instances: each request goes to the next upstream in
 * turn, with `X-Forwarded-For` extended as a real proxy does and `X-Served-By` (the upstream's
 * index) on the answer, so a test can see that consecutive calls really crossed instances. An
 * upstream that refuses a connection is taken out of the rotation (a health check would) and the
 * request answers 502 — a proxy never replays a request it may have delivered, so retrying a
 * write is the client's business, with its client id.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RoundRobinProxy {
  base: string;
  /** Upstream indexes still in the rotation. */
  live(): number[];
  close(): Promise<void>;
}

export async function startRoundRobinProxy(upstreams: string[]): Promise<RoundRobinProxy> {
  const down = new Set<number>();
  let next = 0;
  const pick = (): number | undefined => {
    for (let tried = 0; tried < upstreams.length; tried++) {
      const index = next++ % upstreams.length;
      if (!down.has(index)) return index;
    }
    return undefined;
  };
  const agent = new http.Agent({ keepAlive: true });

  const server = http.createServer((req, res) => {
    const index = pick();
    if (index === undefined) {
      res.writeHead(503).end();
      return;
    }
    const target = new URL(req.url ?? '/', upstreams[index]);
    const forwarded = [req.headers['x-forwarded-for'], req.socket.remoteAddress].filter(Boolean).join(', ');
    const upstream = http.request(
      target,
      { method: req.method, headers: { ...req.headers, host: target.host, 'x-forwarded-for': forwarded }, agent },
      (answer) => {
        res.writeHead(answer.statusCode ?? 502, { ...answer.headers, 'x-served-by': String(index) });
        answer.pipe(res);
      },
    );
    upstream.on('error', (err: NodeJS.ErrnoException) => {
      if (err.code === 'ECONNREFUSED') down.add(index);
      if (!res.headersSent) res.writeHead(502, { 'x-served-by': String(index) });
      res.end();
    });
    req.pipe(upstream);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    live: () => upstreams.map((_, i) => i).filter((i) => !down.has(i)),
    close: () =>
      new Promise<void>((resolve) => {
        agent.destroy();
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
