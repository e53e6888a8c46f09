/**
 * Printers for the API and browser tests, on this machine (docs/decisions/283): a Zebra on raw TCP that stores what it
 * receives and answers `~HS` with the flags it is given — or accepts connections and never reads,
 * or is switched off (its port refuses) — and an IPP queue (node:http) that reads a Print-Job's
 * operation and attributes and keeps the PDF.
 */
import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';

/** The `~HS` flags that stop a Zebra printing (the contract's PrinterHostStatus). */
export interface HostStatusFlags {
  paperOut?: boolean;
  headOpen?: boolean;
  paused?: boolean;
  ribbonOut?: boolean;
}

/** A `~HS` answer with these flags and a Zebra's other fields: STX … ETX CR LF, three times. */
export function hostStatusAnswer(flags: HostStatusFlags = {}): string {
  const bit = (on: boolean | undefined) => (on ? '1' : '0');
  const one = `030,${bit(flags.paperOut)},${bit(flags.paused)},1218,000,0,0,0,000,0,0,0`;
  const two = `001,0,${bit(flags.headOpen)},${bit(flags.ribbonOut)},0,2,4,0,00000000,1,000`;
  const three = '1234,0';
  return [one, two, three].map((s) => `\x02${s}\x03\r\n`).join('');
}

export type ZebraMode = 'ready' | 'never-reads' | 'silent' | 'stops-after-status';

export class FakeZebra {
  /** Everything each connection sent, one entry per connection. */
  readonly connections: string[] = [];
  flags: HostStatusFlags = {};
  /**
   * ready: answers ~HS and reads all; never-reads: accepts and pauses the socket; silent: reads but
   * never answers ~HS; stops-after-status: answers ~HS, then reads nothing more.
   */
  mode: ZebraMode = 'ready';
  port = 0;
  private readonly sockets = new Set<net.Socket>();
  private server: net.Server = this.newServer();

  private newServer(): net.Server {
    return net.createServer((socket) => {
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
      socket.on('error', () => {});
      const index = this.connections.push('') - 1;
      if (this.mode === 'never-reads') {
        socket.pause();
        return;
      }
      let answered = false;
      socket.on('data', (chunk: Buffer) => {
        this.connections[index] += chunk.toString('latin1');
        if (!answered && this.mode !== 'silent' && this.connections[index]!.includes('~HS')) {
          answered = true;
          socket.write(hostStatusAnswer(this.flags));
          if (this.mode === 'stops-after-status') socket.pause();
        }
      });
    });
  }

  async start(): Promise<number> {
    await new Promise<void>((resolve) => this.server.listen(this.port, '127.0.0.1', resolve));
    this.port = (this.server.address() as AddressInfo).port;
    return this.port;
  }

  /** Switched off: its port refuses connections until started again (on the same port). */
  async stop(): Promise<void> {
    for (const socket of this.sockets) socket.destroy();
    await new Promise<void>((resolve) => this.server.close(() => resolve()));
    this.server = this.newServer();
  }

  /** Until every connection is closed: what was sent has all been read (the server's answer may come first). */
  async idle(timeoutMs = 5000): Promise<void> {
    const until = Date.now() + timeoutMs;
    while (this.sockets.size > 0) {
      if (Date.now() > until) throw new Error('FakeZebra.idle: a connection is still open');
      await new Promise((resolve) => setTimeout(resolve, 10));
    }
  }

  /** What every connection sent, the `~HS` requests left out. */
  labelsReceived(): string {
    return this.connections.join('').replaceAll('~HS', '');
  }

  reset(): void {
    this.connections.length = 0;
    this.flags = {};
    this.mode = 'ready';
  }
}

export interface IppRequest {
  version: string;
  operationId: number;
  attributes: Record<string, string>;
  document: Buffer;
}

/** An IPP request as RFC 8010 lays it out: header, attribute groups, end tag, then the document. */
export function parseIppRequest(body: Buffer): IppRequest {
  const version = `${body[0]}.${body[1]}`;
  const operationId = body.readUInt16BE(2);
  const attributes: Record<string, string> = {};
  let at = 8;
  let name = '';
  for (;;) {
    const tag = body[at]!;
    at += 1;
    if (tag === 0x03) break;
    if (tag < 0x10) continue; // a group's delimiter
    const nameLength = body.readUInt16BE(at);
    at += 2;
    if (nameLength > 0) name = body.subarray(at, at + nameLength).toString('utf8');
    at += nameLength;
    const valueLength = body.readUInt16BE(at);
    at += 2;
    attributes[name] = body.subarray(at, at + valueLength).toString('utf8');
    at += valueLength;
  }
  return { version, operationId, attributes, document: body.subarray(at) };
}

/** An IPP queue: stores each request; answers `status` (0x0000 successful-ok by default). */
export class FakeIppQueue {
  readonly requests: (IppRequest & { path: string; contentType: string | undefined })[] = [];
  status = 0x0000;
  private readonly server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const request = parseIppRequest(Buffer.concat(chunks));
      this.requests.push({ ...request, path: req.url ?? '', contentType: req.headers['content-type'] });
      const answer = Buffer.alloc(8);
      answer.writeUInt8(2, 0);
      answer.writeUInt16BE(this.status, 2);
      answer.writeUInt32BE(1, 4);
      const group = Buffer.from([0x01, 0x47, 0x00, 18, ...Buffer.from('attributes-charset'), 0x00, 5, ...Buffer.from('utf-8'), 0x03]);
      res.writeHead(200, { 'content-type': 'application/ipp' }).end(Buffer.concat([answer, group]));
    });
  });

  async start(): Promise<string> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    return `ipp://127.0.0.1:${(this.server.address() as AddressInfo).port}/printers/brother-ql`;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}
