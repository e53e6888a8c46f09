/**
 * Builds the Fastify app: plugins, services and routes, wired once here. main.ts and the tests both
 * call buildApp with an opened, migrated database.
 */
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import Fastify, { type FastifyInstance, type FastifyReply } from 'fastify';
import qs from 'qs';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
// Importing common also runs its z.config: a missing value reads 'Required Field' (docs/product.md §5.1).
import { hydraErrorBody } from '@cooler-hub/contract/common';
import type { Config } from './config';
import type { Database } from './db/client';
import { benchFloorRoute } from './lib/bench-floor';
import { createGeocoder } from './lib/geocoder';
import { compiledSerializerCompiler } from './lib/response-serializer';
import { loggerOptions, OneLinePerRequest } from './lib/logger';
import { createTokenService } from './lib/tokens';
import { fastifyTrustProxy } from './lib/trust-proxy';
import authPlugin from './plugins/auth';
import docsPlugin from './plugins/docs';
import errorsPlugin from './plugins/errors';
import { createMailer, type Mailer } from './plugins/mail';
import { DEFAULT_JOB_TIMINGS, JobQueue, leaseTimings, type JobQueueTimings } from './jobs/job-queue';
import { MailQueue } from './jobs/mail-queue';
import { mailTrackingRoutes } from './jobs/mail-tracking.routes';
import requestTimeoutPlugin from './plugins/request-timeout';
import stalledResponsePlugin from './plugins/stalled-response';
import securityPlugin, { BASELINE_SECURITY_HEADERS } from './plugins/security';
import versionsPlugin from './plugins/versions';
import webPlugin from './plugins/web';
import { apiTokensRoutes } from './modules/api-tokens/api-tokens.routes';
import { ApiTokensService } from './modules/api-tokens/api-tokens.service';
import { authRoutes } from './modules/auth/auth.routes';
import { AuthService, DEFAULT_LOGIN_THROTTLE, type LoginThrottleTimings } from './modules/auth/auth.service';
import { backupRoutes } from './modules/backup/backup.routes';
import { BackupService } from './modules/backup/backup.service';
import { ccCodesRoutes } from './modules/cc-codes/cc-codes.routes';
import { CcCodesService } from './modules/cc-codes/cc-codes.service';
import { clientsRoutes } from './modules/clients/clients.routes';
import { ClientsService } from './modules/clients/clients.service';
import { collectionPointsRoutes } from './modules/collection-points/collection-points.routes';
import { CollectionPointsService } from './modules/collection-points/collection-points.service';
import { coolersRoutes } from './modules/coolers/coolers.routes';
import { CoolersService } from './modules/coolers/coolers.service';
import { endOfDayRoutes } from './modules/end-of-day/end-of-day.routes';
import { EndOfDayService } from './modules/end-of-day/end-of-day.service';
import { dashboardRoutes } from './modules/dashboard/dashboard.routes';
import { DashboardService } from './modules/dashboard/dashboard.service';
import { deliveriesRoutes } from './modules/deliveries/deliveries.routes';
import { DeliveriesService } from './modules/deliveries/deliveries.service';
import { deliveryMailHooks, registerDeliveryMail } from './modules/deliveries/delivery-mail-queue';
import { deliveryAddressesRoutes } from './modules/delivery-addresses/delivery-addresses.routes';
import { DeliveryAddressesService } from './modules/delivery-addresses/delivery-addresses.service';
import { deliveryEmailsRoutes } from './modules/delivery-emails/delivery-emails.routes';
import { DeliveryEmailsService } from './modules/delivery-emails/delivery-emails.service';
import { deliveryLinesRoutes } from './modules/delivery-lines/delivery-lines.routes';
import { DeliveryLinesService } from './modules/delivery-lines/delivery-lines.service';
import { customerAccountsRoutes } from './modules/customer-accounts/customer-accounts.routes';
import { CustomerAccountsService } from './modules/customer-accounts/customer-accounts.service';
import { healthRoutes } from './modules/health/health.routes';
import { partNumbersRoutes } from './modules/part-numbers/part-numbers.routes';
import { PartNumbersService } from './modules/part-numbers/part-numbers.service';
import { passwordRecoveryRoutes } from './modules/password-recovery/password-recovery.routes';
import {
  DEFAULT_RECOVERY_THROTTLE,
  PasswordRecoveryService,
  type RecoveryThrottle,
} from './modules/password-recovery/password-recovery.service';
import { printersRoutes } from './modules/printers/printers.routes';
import { PrintersService } from './modules/printers/printers.service';
import { profileRoutes } from './modules/profile/profile.routes';
import { ProfileService } from './modules/profile/profile.service';
import { lbTagsRoutes } from './modules/lb-tags/lb-tags.routes';
import { LbTagsService } from './modules/lb-tags/lb-tags.service';
import { receiptsRoutes } from './modules/receipts/receipts.routes';
import { ReceiptsService } from './modules/receipts/receipts.service';
import { revisionEntriesRoutes } from './modules/revision-entries/revision-entries.routes';
import { RevisionEntriesService } from './modules/revision-entries/revision-entries.service';
import { savedViewsRoutes } from './modules/saved-views/saved-views.routes';
import { importsRoutes } from './modules/imports/imports.routes';
import { ImportsService } from './modules/imports/imports.service';
import { SavedViewsService } from './modules/saved-views/saved-views.service';
import { searchRoutes } from './modules/search/search.routes';
import { SearchService } from './modules/search/search.service';
import { scrapReasonsRoutes } from './modules/scrap-reasons/scrap-reasons.routes';
import { ScrapReasonsService } from './modules/scrap-reasons/scrap-reasons.service';
import { suppliersRoutes } from './modules/suppliers/suppliers.routes';
import { SuppliersService } from './modules/suppliers/suppliers.service';
import { uploadsRoutes } from './modules/uploads/uploads.routes';
import { UploadsService } from './modules/uploads/uploads.service';
import { signedInUserLoader } from './modules/users/signed-in-user';
import { usersRoutes } from './modules/users/users.routes';
import { UsersService } from './modules/users/users.service';
import { webhooksRoutes } from './modules/webhooks/webhooks.routes';
import { WebhooksService } from './modules/webhooks/webhooks.service';

export interface AppOptions {
  config: Config;
  database: Database;
  jwtSecret: string;
  /** The web build to serve at `/`; omitted or without index.html → API only. */
  webRoot?: string;
  /** Replaces the mailer built from config (never needed in production). */
  mailer?: Mailer;
  /** Retry, poll and expiry times of the job queue (tests shorten them). */
  jobTimings?: Partial<JobQueueTimings>;
  /** The spacing of an account's sign-in checks (tests shorten it; docs/decisions/012). */
  loginThrottle?: Partial<LoginThrottleTimings>;
  /** The limits of password recovery per address and per name (tests raise them; docs/decisions/262). */
  recoveryThrottle?: Partial<RecoveryThrottle>;
  /** Where log lines go instead of stdout (tests). */
  logOutput?: NodeJS.WritableStream;
  /**
   * false: answers are written by serializers compiled from the response schemas, unchecked
   * (production, docs/decisions/240); true (the default, tests): zod checks every answer.
   */
  checkResponses?: boolean;
  /** true: GET /api/bench/floor, the bench's no-op call (lib/bench-floor.ts); main.ts sets it from BENCH_FLOOR_ROUTE=1 only. */
  benchFloor?: boolean;
}

/** JSON bodies above this are refused with 413; uploads have their own limit. */
export const BODY_LIMIT_BYTES = 1024 * 1024;

/** An incoming x-request-id is kept when it looks like an id (no spaces, no control characters). */
const SANE_REQUEST_ID = /^[A-Za-z0-9._:@/+=-]{1,128}$/;

export async function buildApp({
  config,
  database,
  jwtSecret,
  webRoot,
  mailer,
  jobTimings,
  loginThrottle,
  recoveryThrottle,
  logOutput,
  checkResponses = true,
  benchFloor = false,
}: AppOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: loggerOptions(config, logOutput),
    logController: new OneLinePerRequest(),
    genReqId: (req) => {
      const incoming = req.headers['x-request-id'];
      return typeof incoming === 'string' && SANE_REQUEST_ID.test(incoming) ? incoming : randomUUID();
    },
    trustProxy: fastifyTrustProxy(config.trustProxy),
    bodyLimit: BODY_LIMIT_BYTES,
    // A URL that cannot even be decoded is refused before routing: still our shape and headers.
    frameworkErrors: (error, request, rawReply) => {
      const status = error.statusCode ?? 400;
      const reply = rawReply as FastifyReply;
      void reply
        .headers({ ...BASELINE_SECURITY_HEADERS, 'x-request-id': request.id })
        .code(status)
        .type('application/json; charset=utf-8')
        .send(hydraErrorBody(status === 414 ? 'The URL is too long.' : 'The URL is malformed.'));
    },
    routerOptions: {
      // order[id]=desc → { order: { id: 'desc' } }; receiptDate[after]=… nests the same way.
      querystringParser: (s) => qs.parse(s, { depth: 2, parameterLimit: 100, arrayLimit: 100 }),
    },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(checkResponses ? serializerCompiler : compiledSerializerCompiler);

  app.addHook('onRequest', async (request, reply) => {
    reply.header('x-request-id', request.id);
  });
  await app.register(errorsPlugin);
  await app.register(securityPlugin);
  await app.register(requestTimeoutPlugin, { bodyTimeoutMs: config.requestBodyTimeoutMs });
  await app.register(stalledResponsePlugin, { stallTimeoutMs: config.responseStallTimeoutMs });
  await app.register(versionsPlugin);
  await app.register(docsPlugin);

  const db = database.db;
  const tokens = createTokenService(jwtSecret);
  const mail =
    mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, mailDir: path.join(config.dataDir, 'mail'), log: app.log });

  // Jobs and mail kinds are declared by the services below; the queue starts once all are wired.
  const jobs = new JobQueue(database.connection, app.log, {
    ...DEFAULT_JOB_TIMINGS,
    ...leaseTimings(config.jobLeaseSeconds),
    ...jobTimings,
  });
  const mailQueue = new MailQueue(db, jobs, mail, { publicUrl: config.publicUrl, from: config.mailFrom, log: app.log });
  app.decorate('jobQueue', jobs);
  app.decorate('mailQueue', mailQueue);
  // Other systems told what happened, from the queue (docs/decisions/280).
  const webhooks = new WebhooksService(db, jobs, {
    timeoutMs: config.webhookTimeoutMs,
    allowPrivateTargets: config.webhooksAllowPrivateTargets,
    log: app.log,
  });

  const auth = new AuthService(db, tokens, { ...DEFAULT_LOGIN_THROTTLE, ...loginThrottle });
  const uploads = new UploadsService(db, config.publicUrl);
  const users = new UsersService(db);
  const profile = new ProfileService(db, tokens, uploads, auth, mailQueue);
  const recovery = new PasswordRecoveryService(db, jobs, mailQueue, auth, jwtSecret, app.log, {
    ...DEFAULT_RECOVERY_THROTTLE,
    ...recoveryThrottle,
  });
  // Running jobs finish (or are handed back to the queue) before the mail transport closes.
  app.addHook('onClose', async () => {
    await jobs.stop();
    await mail.close();
  });

  // Everything registered in this scope passes the permission guard (plugins/auth).
  await app.register(async (api) => {
    const apiTokens = new ApiTokensService(db);
    await api.register(authPlugin, { tokens, loadUser: signedInUserLoader(db, (id) => uploads.urlFor(id)), apiTokens });
    await api.register(healthRoutes, { database });
    await api.register(authRoutes, { auth });
    await api.register(profileRoutes, { profile });
    // Personal API tokens for scripts (docs/decisions/279).
    await api.register(apiTokensRoutes, { apiTokens });
    await api.register(usersRoutes, { users });
    await api.register(backupRoutes, { backups: new BackupService(database) });
    await api.register(uploadsRoutes, { uploads });
    await api.register(passwordRecoveryRoutes, { recovery });
    await api.register(mailTrackingRoutes, { mail: mailQueue });
    // Reference data and customers (docs/product.md §2.10, §2.12, §7).
    await api.register(ccCodesRoutes, { ccCodes: new CcCodesService(db) });
    await api.register(partNumbersRoutes, { partNumbers: new PartNumbersService(db) });
    await api.register(collectionPointsRoutes, { collectionPoints: new CollectionPointsService(db) });
    await api.register(scrapReasonsRoutes, { scrapReasons: new ScrapReasonsService(db) });
    await api.register(suppliersRoutes, { suppliers: new SuppliersService(db) });
    await api.register(clientsRoutes, { clients: new ClientsService(db) });
    await api.register(customerAccountsRoutes, { customerAccounts: new CustomerAccountsService(db) });
    // Inventory and its history (docs/product.md §2.9, §2.11, §7).
    await api.register(coolersRoutes, { coolers: new CoolersService(db) });
    await api.register(receiptsRoutes, { receipts: new ReceiptsService(db, webhooks) });
    await api.register(lbTagsRoutes, { lbTags: new LbTagsService(db) });
    // Label printers the tags are sent to from the server (docs/decisions/283).
    await api.register(printersRoutes, { printers: new PrintersService(db, { timeoutMs: config.printerTimeoutMs, log: app.log }) });
    await api.register(endOfDayRoutes, { endOfDay: new EndOfDayService(db) });
    await api.register(searchRoutes, { search: new SearchService(db) });
    await api.register(dashboardRoutes, { dashboard: new DashboardService(db) });
    await api.register(savedViewsRoutes, { savedViews: new SavedViewsService(db) });
    await api.register(importsRoutes, { imports: new ImportsService(db, jobs, webhooks) });
    await api.register(revisionEntriesRoutes, { revisionEntries: new RevisionEntriesService(db) });
    // Delivery notes (docs/product.md §2.13, §7).
    const deliveries = new DeliveriesService(db, deliveryMailHooks(mailQueue), webhooks);
    registerDeliveryMail(mailQueue, deliveries, webhooks);
    await api.register(deliveriesRoutes, { deliveries });
    await api.register(deliveryLinesRoutes, { lines: new DeliveryLinesService(db) });
    await api.register(deliveryEmailsRoutes, { emails: new DeliveryEmailsService(db) });
    const geocoder = createGeocoder(config.geocoderUrl, { onError: (err) => app.log.warn({ err }, 'geocoding failed') });
    await api.register(deliveryAddressesRoutes, { addresses: new DeliveryAddressesService(db, geocoder) });
    await api.register(webhooksRoutes, { webhooks });
    if (benchFloor) await api.register(benchFloorRoute);
  });

  if (webRoot) await app.register(webPlugin, { root: webRoot });
  await jobs.start();
  return app;
}
