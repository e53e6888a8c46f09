/**
 * A response whose client takes none of its waiting bytes for RESPONSE_STALL_TIMEOUT_MS (60 s by
 * default) is cut: its connection is reset (docs/decisions/273). Every response is watched, downloads
 * above all: a tablet that walks out of the Wi-Fi mid-download leaves a connection that can stay
 * half-open for hours, and what the server holds for it (the rest of the body, a stream feeding it)
 * would stay with it.
 *
 * The clock runs only while bytes wait to go to the client and none of them leaves: a response the
 * server is still computing, or one a slow client takes a little at a time, is never cut. Progress
 * is a write to the connection completing; Node completes a write once the kernel has taken all of
 * it, so a client must take a piece of a body (at most about one end-of-day batch, ≈ 0.3 MB) within
 * the bound: 5 kB/s for the default.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

/** Bytes of `socket` the kernel has taken: written by the server less what still waits in Node. */
const takenBy = (socket: Socket) => socket.bytesWritten - socket.writableLength;

/** Checks per bound: the cut comes between 1 and 1.25 times it. */
const CHECKS = 4;

/**
 * Watches `response` until it finishes or closes; calls `onStall` and resets the connection when
 * bytes have waited `timeoutMs` without any leaving, over at least CHECKS checks: a process that
 * was not run for a while (a busy machine) has not seen its client stop.
 */
export function cutWhenStalled(response: ServerResponse, timeoutMs: number, onStall: () => void): void {
  let taken = -1;
  let since = Date.now();
  let checks = 0;
  const timer = setInterval(
    () => {
      const socket = response.socket;
      // A response queued behind another on the same connection has no socket yet: that one is watched.
      if (!socket || response.writableLength === 0 || takenBy(socket) !== taken) {
        taken = socket ? takenBy(socket) : -1;
        since = Date.now();
        checks = 0;
        return;
      }
      checks += 1;
      if (checks < CHECKS || Date.now() - since < timeoutMs) return;
      stop();
      onStall();
      // A reset, not a close: the kernel drops what it still holds for the client instead of
      // retrying it for minutes, and a client that comes back learns the body was cut.
      try {
        socket.resetAndDestroy();
      } catch {
        socket.destroy(); // not TCP (a Unix socket): a close is all there is
      }
    },
    Math.max(25, Math.floor(timeoutMs / CHECKS)),
  );
  timer.unref();
  const stop = () => clearInterval(timer);
  response.once('finish', stop);
  response.once('close', stop);
}

const stalledResponsePlugin: FastifyPluginAsync<{ stallTimeoutMs: number }> = async (app, { stallTimeoutMs }) => {
  app.addHook('onSend', async (request, reply, payload) => {
    cutWhenStalled(reply.raw, stallTimeoutMs, () =>
      request.log.info({ boundMs: stallTimeoutMs, url: request.url }, 'client took nothing of the response: connection cut'),
    );
    return payload;
  });
};

export default fp(stalledResponsePlugin, { name: 'stalled-response', fastify: '5.x' });
