/**
 * Environment → typed configuration, validated once at boot (docs/architecture.md §8.8). Empty values count
 * as unset, so a copied .env.example with blanks behaves like no variable at all.
 */
import path from 'node:path';
import { z } from 'zod';
import { trustProxySetting, type TrustProxy } from './lib/trust-proxy';

const blankToUndefined = (v: unknown) => (typeof v === 'string' && v.trim() === '' ? undefined : v);
const optional = <T extends z.ZodType>(schema: T) => z.preprocess(blankToUndefined, schema.optional());
const withDefault = <T extends z.ZodType>(schema: T, fallback: z.input<T>) => z.preprocess(blankToUndefined, schema.prefault(fallback));

const flag = z.enum(['0', '1', 'true', 'false']).transform((v) => v === '1' || v === 'true');
const urlWithProtocols = (protocols: readonly string[], label: string) =>
  z.string().refine(
    (v) => {
      try {
        return protocols.includes(new URL(v).protocol);
      } catch {
        return false;
      }
    },
    `must be a ${label} URL (${protocols.map((p) => `${p}//…`).join(' or ')})`,
  );

export const configSchema = z.object({
  PORT: withDefault(z.coerce.number().int().min(0).max(65535), 8080),
  HOST: withDefault(z.string(), '0.0.0.0'),
  DATA_DIR: withDefault(z.string(), './data'),
  DATABASE_URL: optional(urlWithProtocols(['postgres:', 'postgresql:'], 'PostgreSQL')),
  JWT_SECRET: optional(z.string().min(32, 'must be at least 32 characters long')),
  ADMIN_PASSWORD: optional(z.string().min(8, 'must be at least 8 characters long')),
  SMTP_URL: optional(urlWithProtocols(['smtp:', 'smtps:'], 'SMTP')),
  MAIL_FROM: withDefault(z.string().min(3), 'Cooler Hub <no-reply@coolerhub.local>'),
  PUBLIC_URL: optional(urlWithProtocols(['http:', 'https:'], 'http(s)').transform((v) => v.replace(/\/+$/, ''))),
  LOG_LEVEL: withDefault(z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']), 'info'),
  /** Unset: readable lines when stdout is a terminal, JSON otherwise. */
  LOG_FORMAT: optional(z.enum(['json', 'pretty'])),
  SEED_DEMO: withDefault(flag, '0'),
  GEOCODER_URL: optional(urlWithProtocols(['http:', 'https:'], 'http(s)')),
  /** The proxies in front, by count or address, whose X-Forwarded-For gives the client address (docs/decisions/261). */
  TRUST_PROXY: withDefault(trustProxySetting, '0'),
  /** How long a job (a mail) may stay claimed before it counts as its dead instance's and is retried (docs/decisions/188). */
  JOB_LEASE_SECONDS: withDefault(z.coerce.number().int().min(5).max(86_400), 300),
  /** A request (headers and body) that has not fully arrived within this is cut with 408 (docs/decisions/207). */
  REQUEST_BODY_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(600_000), 30_000),
  /** A response whose client takes none of its waiting bytes for this long is cut, its connection reset (docs/decisions/273). */
  RESPONSE_STALL_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(3_600_000), 60_000),
  /** Where `npm run backup` and the scheduled backups write (default DATA_DIR/backups; docs/decisions/198). */
  BACKUP_DIR: optional(z.string()),
  /** Hours between scheduled backups of the embedded store; 0 turns them off. */
  BACKUP_INTERVAL_HOURS: withDefault(z.coerce.number().min(0).max(8_760), 24),
  /** Days a scheduled backup is kept (the newest always is). */
  BACKUP_KEEP_DAYS: withDefault(z.coerce.number().int().min(1).max(3_650), 7),
  /** A webhook POST not answered within this is cut and retried later (docs/decisions/280). */
  WEBHOOK_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(60_000), 10_000),
  /** Lets webhooks target private and loopback addresses (a receiver on this machine or network; tests). */
  WEBHOOKS_ALLOW_PRIVATE_TARGETS: withDefault(flag, '0'),
  /** A label printer that has not taken a whole job within this is cut off, and the job failed (docs/decisions/283). */
  PRINTER_TIMEOUT_MS: withDefault(z.coerce.number().int().min(100).max(120_000), 10_000),
});

export type Env = z.input<typeof configSchema>;

export interface Config {
  port: number;
  host: string;
  dataDir: string;
  databaseUrl: string | undefined;
  jwtSecret: string | undefined;
  adminPassword: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  publicUrl: string | undefined;
  logLevel: 'fatal' | 'error' | 'warn' | 'info' | 'debug' | 'trace' | 'silent';
  logFormat: 'json' | 'pretty' | undefined;
  seedDemo: boolean;
  geocoderUrl: string | undefined;
  trustProxy: TrustProxy;
  jobLeaseSeconds: number;
  requestBodyTimeoutMs: number;
  responseStallTimeoutMs: number;
  backupDir: string | undefined;
  backupIntervalHours: number;
  backupKeepDays: number;
  webhookTimeoutMs: number;
  webhooksAllowPrivateTargets: boolean;
  printerTimeoutMs: number;
}

export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** Throws a ConfigError whose message is one line naming every bad variable. */
export function loadConfig(env: Record<string, string | undefined> = process.env): Config {
  const parsed = configSchema.safeParse(env);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.')} ${i.message}`);
    throw new ConfigError(`Invalid configuration: ${problems.join('; ')}`);
  }
  const c = parsed.data;
  return {
    port: c.PORT,
    host: c.HOST,
    dataDir: path.resolve(c.DATA_DIR),
    databaseUrl: c.DATABASE_URL,
    jwtSecret: c.JWT_SECRET,
    adminPassword: c.ADMIN_PASSWORD,
    smtpUrl: c.SMTP_URL,
    mailFrom: c.MAIL_FROM,
    publicUrl: c.PUBLIC_URL,
    logLevel: c.LOG_LEVEL,
    logFormat: c.LOG_FORMAT,
    seedDemo: c.SEED_DEMO,
    geocoderUrl: c.GEOCODER_URL,
    trustProxy: c.TRUST_PROXY,
    jobLeaseSeconds: c.JOB_LEASE_SECONDS,
    requestBodyTimeoutMs: c.REQUEST_BODY_TIMEOUT_MS,
    responseStallTimeoutMs: c.RESPONSE_STALL_TIMEOUT_MS,
    backupDir: c.BACKUP_DIR === undefined ? undefined : path.resolve(c.BACKUP_DIR),
    backupIntervalHours: c.BACKUP_INTERVAL_HOURS,
    backupKeepDays: c.BACKUP_KEEP_DAYS,
    webhookTimeoutMs: c.WEBHOOK_TIMEOUT_MS,
    webhooksAllowPrivateTargets: c.WEBHOOKS_ALLOW_PRIVATE_TARGETS,
    printerTimeoutMs: c.PRINTER_TIMEOUT_MS,
  };
}
