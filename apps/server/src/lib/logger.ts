/**
 * Log output (docs/decisions/060): one line per request, as JSON for log collectors, or — when
 * stdout is a terminal — as a readable line such as `14:02:11 INFO GET /api/hub_users 200 4.1 ms`.
 * LOG_FORMAT overrides the guess.
 */
import type { FastifyInstance, FastifyServerOptions } from 'fastify';
import pinoPretty from 'pino-pretty';
import type { Config } from '../config';

export type LogFormat = 'json' | 'pretty';

export function resolveLogFormat(configured: LogFormat | undefined, stdoutIsTty: boolean): LogFormat {
  return configured ?? (stdoutIsTty ? 'pretty' : 'json');
}

/** What the pretty line shows: the request line for a request, else the message. */
function prettyMessage(log: Record<string, unknown>, messageKey: string): string {
  const message = String(log[messageKey] ?? '');
  if (message !== REQUEST_COMPLETED) return message;
  return `${String(log['method'])} ${String(log['url'])} ${String(log['statusCode'])} ${String(log['responseTime'])} ms`;
}

export const REQUEST_COMPLETED = 'request completed';

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
 * Replaces Fastify's two lines per request ('incoming request', 'request completed') with one,
 * written when the answer has gone out. At debug level the arrival is logged too (the bench reads
 * both to find a request's SQL statements).
 */
export function logRequests(app: FastifyInstance): void {
  app.addHook('onRequest', async (request) => {
    request.log.debug({ method: request.method, url: request.url }, 'incoming request');
  });
  app.addHook('onResponse', async (request, reply) => {
    request.log.info(
      {
        method: request.method,
        url: request.url,
        statusCode: reply.statusCode,
        responseTime: Math.round(reply.elapsedTime * 10) / 10,
      },
      REQUEST_COMPLETED,
    );
  });
}
