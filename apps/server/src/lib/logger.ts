/**
 * Log output (docs/decisions/060): one line per request, as JSON for log collectors, or — when
 * stdout is a terminal — as a readable line such as `14:02:11 INFO GET /api/hub_users 200 4.1 ms`.
 * LOG_FORMAT overrides the guess.
 */
import { LogController, type FastifyReply, type FastifyRequest, type FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { Config } from '../config';

export type LogFormat = 'json' | 'pretty';

export function resolveLogFormat(configured: LogFormat | undefined, stdoutIsTty: boolean): LogFormat {
  return configured ?? (stdoutIsTty ? 'pretty' : 'json');
}

/** What the pretty line shows: the request line for a request, else the message. */
function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const raw = log[messageKey];
  const message = typeof raw === 'string' ? raw : JSON.stringify(raw ?? '');
  if (message !== REQUEST_COMPLETED && message !== REQUEST_ERRORED) return message;
  const line = `${String(log['method'])} ${String(log['url'])} ${String(log['statusCode'])} ${String(log['responseTime'])} ms`;
  return message === REQUEST_ERRORED ? `${line} (${message})` : line;
}

export const REQUEST_COMPLETED = 'request completed';
const REQUEST_ERRORED = 'request errored';

/** `output` replaces stdout (the tests read the lines). */
export function loggerOptions(
  config: Pick<Config, 'logLevel' | 'logFormat'>,
  output?: NodeJS.WritableStream,
): FastifyServerOptions['logger'] {
  if (resolveLogFormat(config.logFormat, Boolean(process.stdout.isTTY)) === 'json') {
    return output ? { level: config.logLevel, stream: output } : { level: config.logLevel };
  }
  const stream = pinoPretty({
    destination: output ?? 1,
    colorize: !output && Boolean(process.stdout.isTTY),
    singleLine: true,
    sync: true, // written before a crash or process.exit, like pino's own JSON output
    translateTime: 'SYS:HH:MM:ss',
    ignore: 'pid,hostname,reqId,method,url,statusCode,responseTime',
    messageFormat: prettyMessage,
  });
  return { level: config.logLevel, stream };
}

/**
 * Fastify's two lines per request ('incoming request', 'request completed') become one, written
 * when the answer has gone out. The arrival is still logged at debug level (the bench reads both
 * ends of a request at trace to find its SQL statements).
 */
export class OneLinePerRequest extends LogController {
  override incomingRequest(request: FastifyRequest): void {
    request.log.debug({ method: request.method, url: request.url }, 'incoming request');
  }

  override requestCompleted(error: Error | null | undefined, request: FastifyRequest, reply: FastifyReply): void {
    const line = {
      method: request.method,
      url: request.url,
      statusCode: reply.statusCode,
      responseTime: Math.round(reply.elapsedTime * 10) / 10,
    };
    if (error) reply.log.error({ ...line, err: error }, REQUEST_ERRORED);
    else reply.log.info(line, REQUEST_COMPLETED);
  }
}
