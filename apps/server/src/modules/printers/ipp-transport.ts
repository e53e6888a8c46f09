/**
 * IPP printing (RFC 8010/8011; docs/decisions/283): one Print-Job request, IPP 2.0 over an HTTP
 * POST of `application/ipp` — the operation attributes a CUPS or IPP Everywhere queue needs
 * (attributes-charset, attributes-natural-language, printer-uri, requesting-user-name, job-name,
 * document-format application/pdf), then the PDF. The queue's answer is read for its status code:
 * 0x0000–0x00FF is success, anything else a refusal named by its keyword. One deadline covers the
 * whole request; when it passes the request is destroyed.
 */
import http from 'node:http';
import https from 'node:https';

export type IppOutcome =
  | { ok: true; status: string }
  | { ok: false; reason: 'unreachable' | 'timeout' | 'lost' }
  | { ok: false; reason: 'refused'; status: string };

export interface IppJob {
  /** The queue's address: ipp://, ipps://, http:// or https://. */
  url: string;
  document: Buffer;
  jobName: string;
  userName: string;
  timeoutMs: number;
}

const PRINT_JOB = 0x0002;
const TAG = {
  operationAttributes: 0x01,
  endOfAttributes: 0x03,
  nameWithoutLanguage: 0x42,
  uri: 0x45,
  charset: 0x47,
  naturalLanguage: 0x48,
  mimeMediaType: 0x49,
} as const;

/** The status codes' keywords (RFC 8011 §B, CUPS's additions): what the sentence names. */
const STATUS_NAMES: Record<number, string> = {
  0x0000: 'successful-ok',
  0x0001: 'successful-ok-ignored-or-substituted-attributes',
  0x0002: 'successful-ok-conflicting-attributes',
  0x0400: 'client-error-bad-request',
  0x0401: 'client-error-forbidden',
  0x0402: 'client-error-not-authenticated',
  0x0403: 'client-error-not-authorized',
  0x0404: 'client-error-not-possible',
  0x0405: 'client-error-timeout',
  0x0406: 'client-error-not-found',
  0x0407: 'client-error-gone',
  0x0408: 'client-error-request-entity-too-large',
  0x0409: 'client-error-request-value-too-long',
  0x040a: 'client-error-document-format-not-supported',
  0x040b: 'client-error-attributes-or-values-not-supported',
  0x040c: 'client-error-uri-scheme-not-supported',
  0x040d: 'client-error-charset-not-supported',
  0x040e: 'client-error-conflicting-attributes',
  0x040f: 'client-error-compression-not-supported',
  0x0410: 'client-error-compression-error',
  0x0411: 'client-error-document-format-error',
  0x0412: 'client-error-document-access-error',
  0x0500: 'server-error-internal-error',
  0x0501: 'server-error-operation-not-supported',
  0x0502: 'server-error-service-unavailable',
  0x0503: 'server-error-version-not-supported',
  0x0504: 'server-error-device-error',
  0x0505: 'server-error-temporary-error',
  0x0506: 'server-error-not-accepting-jobs',
  0x0507: 'server-error-busy',
  0x0508: 'server-error-job-canceled',
  0x0509: 'server-error-multiple-document-jobs-not-supported',
};

/** 0x0507 → 'server-error-busy'; a code without a keyword as its hex. */
export function ippStatusName(code: number): string {
  return STATUS_NAMES[code] ?? `0x${code.toString(16).padStart(4, '0')}`;
}

/** The printer-uri attribute names the queue in IPP's own schemes. */
export function printerUri(url: URL): string {
  const scheme = url.protocol === 'https:' || url.protocol === 'ipps:' ? 'ipps:' : 'ipp:';
  return `${scheme}//${url.host}${url.pathname}${url.search}`;
}

function attribute(tag: number, name: string, value: string): Buffer {
  const n = Buffer.from(name, 'utf8');
  const v = Buffer.from(value, 'utf8');
  const head = Buffer.alloc(3);
  head.writeUInt8(tag, 0);
  head.writeUInt16BE(n.length, 1);
  const length = Buffer.alloc(2);
  length.writeUInt16BE(v.length, 0);
  return Buffer.concat([head, n, length, v]);
}

/** A Print-Job request: its header and operation attributes, then the document. */
export function printJobRequest(job: Pick<IppJob, 'url' | 'document' | 'jobName' | 'userName'>, requestId = 1): Buffer {
  const header = Buffer.alloc(8);
  header.writeUInt8(2, 0); // version 2.0
  header.writeUInt8(0, 1);
  header.writeUInt16BE(PRINT_JOB, 2);
  header.writeUInt32BE(requestId, 4);
  // IPP's name and text values are at most 255 octets: a long name is cut (on a character).
  const short = (text: string) =>
    Buffer.from(text, 'utf8')
      .subarray(0, 255)
      .toString('utf8')
      .replace(/\uFFFD$/, '');
  return Buffer.concat([
    header,
    Buffer.from([TAG.operationAttributes]),
    attribute(TAG.charset, 'attributes-charset', 'utf-8'),
    attribute(TAG.naturalLanguage, 'attributes-natural-language', 'en'),
    attribute(TAG.uri, 'printer-uri', printerUri(new URL(job.url))),
    attribute(TAG.nameWithoutLanguage, 'requesting-user-name', short(job.userName)),
    attribute(TAG.nameWithoutLanguage, 'job-name', short(job.jobName)),
    attribute(TAG.mimeMediaType, 'document-format', 'application/pdf'),
    Buffer.from([TAG.endOfAttributes]),
    job.document,
  ]);
}

/** An answer's status code (bytes 2–3 after the version); undefined when it is too short to be IPP. */
export function ippStatusCode(answer: Buffer): number | undefined {
  return answer.length >= 8 ? answer.readUInt16BE(2) : undefined;
}

/** More than an IPP answer's attributes ever hold; the rest is not read. */
const MAX_ANSWER_BYTES = 64 * 1024;

/** Sends the job to the queue; never rejects, never takes longer than the timeout. */
export function sendIpp(job: IppJob): Promise<IppOutcome> {
  return new Promise<IppOutcome>((resolve) => {
    const url = new URL(job.url);
    const secure = url.protocol === 'https:' || url.protocol === 'ipps:';
    const defaultPort = url.protocol === 'ipp:' || url.protocol === 'ipps:' ? 631 : secure ? 443 : 80;
    const body = printJobRequest(job);
    let settled = false;
    let connected = false;
    const settle = (outcome: IppOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(deadline);
      request.destroy();
      resolve(outcome);
    };
    const request = (secure ? https : http).request({
      method: 'POST',
      hostname: url.hostname.replace(/^\[(.*)\]$/, '$1'),
      port: url.port ? Number(url.port) : defaultPort,
      path: `${url.pathname}${url.search}`,
      headers: { 'content-type': 'application/ipp', 'content-length': String(body.length) },
      agent: false,
    });
    const deadline = setTimeout(() => settle({ ok: false, reason: 'timeout' }), job.timeoutMs);
    request.on('socket', (socket) => socket.once(secure ? 'secureConnect' : 'connect', () => (connected = true)));
    request.on('error', () => settle({ ok: false, reason: connected ? 'lost' : 'unreachable' }));
    request.on('response', (response) => {
      const chunks: Buffer[] = [];
      let size = 0;
      const decide = () => {
        if (response.statusCode !== 200) return settle({ ok: false, reason: 'refused', status: `HTTP ${response.statusCode}` });
        const code = ippStatusCode(Buffer.concat(chunks));
        if (code === undefined) return settle({ ok: false, reason: 'refused', status: 'no IPP answer' });
        const status = ippStatusName(code);
        settle(code <= 0x00ff ? { ok: true, status } : { ok: false, reason: 'refused', status });
      };
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        else decide();
      });
      response.on('end', decide);
      response.on('error', () => settle({ ok: false, reason: 'lost' }));
    });
    request.end(body);
  });
}
