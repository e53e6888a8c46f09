/**
 * Raw TCP printing (port 9100; docs/decisions/283): one connection per job. For ZPL the printer is
 * first asked `~HS`, and nothing is written when it says it is out of paper, open or paused; then
 * the whole job is written and our side of the connection ended. One deadline covers the whole
 * exchange — connecting, the status, the write — and when it passes the socket is destroyed: a
 * printer that accepts the connection and never reads cannot hold the request (or its buffers)
 * longer than the timeout.
 */
import net from 'node:net';
import type { PrinterHostStatus } from '@cooler-hub/contract/printers';
import { printerCanPrint } from '@cooler-hub/contract/printers';
import { hostStatusComplete, parseHostStatus } from './host-status';

export type RawOutcome =
  | { ok: true; hostStatus: PrinterHostStatus | null }
  | { ok: false; reason: 'unreachable' | 'timeout' | 'lost' | 'not-zebra'; hostStatus: null }
  | { ok: false; reason: 'not-ready'; hostStatus: PrinterHostStatus };

export interface RawTarget {
  host: string;
  port: number;
}

export interface RawOptions {
  timeoutMs: number;
  /** Ask `~HS` first and write nothing unless the printer can print (ZPL). */
  askStatus: boolean;
}

/** What a Zebra answers `~HS` with is three short lines; more than this is not one. */
const MAX_STATUS_BYTES = 4096;

/** An IPv6 literal is connected to without the brackets an Admin may have typed. */
const bareHost = (host: string) => (/^\[.*\]$/.test(host) ? host.slice(1, -1) : host);

/** Sends `payload` to the printer; never rejects, never takes longer than the timeout. */
export function sendRaw(target: RawTarget, payload: string | Buffer, options: RawOptions): Promise<RawOutcome> {
  return new Promise<RawOutcome>((resolve) => {
    let settled = false;
    let connected = false;
    const socket = net.connect({ host: bareHost(target.host), port: target.port });
    const settle = (outcome: RawOutcome, destroy: boolean) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      if (destroy) socket.destroy();
      resolve(outcome);
    };
    const deadline = setTimeout(() => settle({ ok: false, reason: 'timeout', hostStatus: null }, true), options.timeoutMs);

    // Before the connection: refused, no route, no such host — unreachable. After it: cut.
    socket.on('error', () => settle({ ok: false, reason: connected ? 'lost' : 'unreachable', hostStatus: null }, true));
    socket.on('close', () => settle({ ok: false, reason: connected ? 'lost' : 'unreachable', hostStatus: null }, true));

    const write = (hostStatus: PrinterHostStatus | null) => {
      // 'finish': every byte handed to the system. Our side is ended; the printer closes its own.
      socket.end(payload, () => {
        settle({ ok: true, hostStatus }, false);
        // A printer that keeps its side open is let go after the timeout, not held for ever.
        setTimeout(() => socket.destroy(), options.timeoutMs).unref();
      });
    };

    socket.on('connect', () => {
      connected = true;
      if (!options.askStatus) return write(null);
      let answer = '';
      const onData = (chunk: Buffer) => {
        answer += chunk.toString('latin1');
        if (!hostStatusComplete(answer) && answer.length < MAX_STATUS_BYTES) return;
        socket.off('data', onData);
        const status = parseHostStatus(answer);
        if (!status) return settle({ ok: false, reason: 'not-zebra', hostStatus: null }, true);
        if (!printerCanPrint(status)) {
          socket.end();
          return settle({ ok: false, reason: 'not-ready', hostStatus: status }, false);
        }
        write(status);
      };
      socket.on('data', onData);
      socket.write('~HS');
    });
  });
}
