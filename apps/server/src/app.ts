import { randomUUID } from 'node:crypto';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import multipart from '@fastify/multipart';
import rateLimit from '@fastify/rate-limit';
import { actionRule, ERROR_CODES } from '@3ds/domain';
import Fastify, { type FastifyInstance } from 'fastify';
import { serializerCompiler, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config, TrustProxy } from './config/env.ts';
import type { DatabaseHandle } from './db/database.ts';
import { AppError } from './errors/app-error.ts';
import { createFileStore, type FileStore } from './files/file-store.ts';
import { AuthService } from './modules/auth/auth.service.ts';
import { authRoutes } from './modules/auth/auth.routes.ts';
import { filesRoutes } from './modules/files/files.routes.ts';
import { fileLinkFor, scheduleExportCleanup } from './files/stored-files.ts';
import { createMailer, type Mailer } from './mail/mailer.ts';
import { bulkRoutes } from './modules/bulk/bulk.routes.ts';
import { BulkService } from './modules/bulk/bulk.service.ts';
import { containersRoutes } from './modules/containers/containers.routes.ts';
import { ContainersService } from './modules/containers/containers.service.ts';
import { healthRoutes } from './modules/health/health.routes.ts';
import { historyRoutes } from './modules/history/history.routes.ts';
import { correctionsRoutes } from './modules/corrections/corrections.routes.ts';
import { CorrectionsService } from './modules/corrections/corrections.service.ts';
import { lockCheckRoutes } from './modules/lock-check/lock-check.routes.ts';
import { LockCheckService } from './modules/lock-check/lock-check.service.ts';
import { HistoryService } from './modules/history/history.service.ts';
import { valueListsRoutes } from './modules/value-lists/value-lists.routes.ts';
import { jobDocumentsRoutes } from './modules/jobs/jobs.documents.routes.ts';
import { JobDocumentsService } from './modules/jobs/jobs.documents.service.ts';
import { jobsRoutes } from './modules/jobs/jobs.routes.ts';
import { lineItemsRoutes } from './modules/line-items/line-items.routes.ts';
import { LineItemsService } from './modules/line-items/line-items.service.ts';
import { declaredInventoryRoutes } from './modules/declared-inventory/declared-inventory.routes.ts';
import { DeclaredInventoryService } from './modules/declared-inventory/declared-inventory.service.ts';
import { witnessesRoutes } from './modules/witnesses/witnesses.routes.ts';
import { WitnessesService } from './modules/witnesses/witnesses.service.ts';
import { lossesRoutes } from './modules/losses/losses.routes.ts';
import { LossesService } from './modules/losses/losses.service.ts';
import { orderFormsRoutes } from './modules/order-forms/order-forms.routes.ts';
import { reconciliationRoutes } from './modules/reconciliation/reconciliation.routes.ts';
import { ReconciliationService } from './modules/reconciliation/reconciliation.service.ts';
import { OrderFormsService } from './modules/order-forms/order-forms.service.ts';
import { registrationsRoutes } from './modules/registrations/registrations.routes.ts';
import { inventoryRoutes } from './modules/inventory/inventory.routes.ts';
import { InventoryService } from './modules/inventory/inventory.service.ts';
import { reportsRoutes } from './modules/reports/reports.routes.ts';
import { ReportsService } from './modules/reports/reports.service.ts';
import { RegistrationsService } from './modules/registrations/registrations.service.ts';
import { JobsService } from './modules/jobs/jobs.service.ts';
import { savedFindsRoutes } from './modules/saved-finds/saved-finds.routes.ts';
import { homeRoutes } from './modules/home/home.routes.ts';
import { listColumnsRoutes } from './modules/list-columns/list-columns.routes.ts';
import { ListColumnsService } from './modules/list-columns/list-columns.service.ts';
import { HomeService } from './modules/home/home.service.ts';
import { SavedFindsService } from './modules/saved-finds/saved-finds.service.ts';
import { eventsRoutes } from './modules/events/events.routes.ts';
import { EventsService } from './modules/events/events.service.ts';
import { settingsRoutes } from './modules/settings/settings.routes.ts';
import { SettingsService } from './modules/settings/settings.service.ts';
import { BusinessDay } from './modules/settings/business-day.ts';
import { usersRoutes } from './modules/users/users.routes.ts';
import { UsersService } from './modules/users/users.service.ts';
import { authPlugin } from './plugins/auth.ts';
import { errorHandlerPlugin } from './plugins/error-handler.ts';
import { jsonNumbersPlugin } from './plugins/json-numbers.ts';
import { openApiPlugin } from './plugins/openapi.ts';
import { securityHeadersPlugin } from './plugins/security-headers.ts';
import { storableTextPlugin } from './plugins/storable-text.ts';
import { webAppPlugin } from './plugins/web-app.ts';
import { recordsRoutes } from './records/records.routes.ts';
import { RecordsService } from './records/records.service.ts';
import { exportsRoutes } from './modules/exports/exports.routes.ts';
import { ExportService } from './modules/exports/exports.service.ts';
import { CountCache, scheduleChangeLogCompaction } from './records/count-cache.ts';
import { TokenSigner } from './security/tokens.ts';
import type { ChangeFeed } from './db/change-feed.ts';
import { DataVersions } from './records/data-versions.ts';
import { AnswerCache } from './records/answer-cache.ts';
import { ReadTurns } from './records/read-turns.ts';
import { actionGuardPlugin } from './plugins/action-guard.ts';

export const API_PREFIX = '/3ds/api/';
const DOCS_PREFIX = `${API_PREFIX}docs`;
/** What a client's X-Request-Id may look like to be logged (as `clientRequestId`, never as the request's id). */
const CLIENT_CORRELATION_ID = /^[\w.:-]{1,64}$/;
const READ_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
const WEB_ROOT = fileURLToPath(new URL('../../web/dist', import.meta.url));

export interface AppDeps {
  config: Config;
  database: DatabaseHandle;
  jwtSecret: string;
  /** How mail leaves; defaults to SMTP_URL or the file outbox in DATA_DIR. */
  mailer?: Mailer;
  /** Where file bytes live; defaults to S3 or `${DATA_DIR}/files` from the configuration. */
  fileStore?: FileStore;
  /** The clock; tests move it. */
  now?: () => Date;
  /** Pauses between failed logins; tests make it instant. */
  sleep?: (ms: number) => Promise<void>;
  webRoot?: string;
  /** Periodic housekeeping (change-log compaction, export clean-up); tests turn it off. */
  backgroundJobs?: boolean;
  logger?: boolean | object;
}

/**
 * Fastify's trustProxy for our setting. A hop count becomes a function trusting that many hops
 * nearest the server (hop 0 is the connection's peer), so the client is the address the outermost
 * trusted proxy saw; the X-Forwarded-For entries left of it are the client's own writing.
 */
function trustProxyOption(setting: TrustProxy): false | string[] | ((address: string, hop: number) => boolean) {
  if (typeof setting === 'number') return (_address, hop) => hop < setting;
  return setting;
}

/** Builds the whole application without listening, so tests build it the same way. */
export async function buildApp(deps: AppDeps): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      deps.logger === false
        ? false
        : {
            level: deps.config.logLevel,
            ...(typeof deps.logger === 'object' ? deps.logger : {}),
            // The bearer token must never reach a log line, whatever else the logger is given.
            redact: ['req.headers.authorization', 'req.headers.cookie'],
          },
    // The id that log lines and audit rows carry is always the server's own: a client could otherwise
    // make its request pass for an earlier one. A client's correlation id is logged beside it.
    genReqId: () => randomUUID(),
    // Every line of a request — "incoming request" and "request completed" too, which are logged
    // before any hook runs and through the reply's logger — carries the client's correlation id.
    childLoggerFactory: (logger, bindings, options, rawRequest) => {
      const correlation = rawRequest.headers['x-request-id'];
      const clientRequestId = typeof correlation === 'string' && CLIENT_CORRELATION_ID.test(correlation) ? correlation : undefined;
      return logger.child(clientRequestId === undefined ? bindings : { ...bindings, clientRequestId }, options);
    },
    trustProxy: trustProxyOption(deps.config.trustProxy),
    bodyLimit: 1024 * 1024,
    // Find requests and sort arrays arrive as JSON in the query string; keep the default parser.
    routerOptions: { maxParamLength: 200 },
  }).withTypeProvider<ZodTypeProvider>();

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  app.addHook('onSend', async (request, reply) => {
    reply.header('x-request-id', request.id);
    // Records and sessions are not to be kept by browsers or proxies; a route that decides its own
    // caching (a signed picture link) says so itself.
    const route = request.routeOptions.url ?? request.url;
    if (route.startsWith(API_PREFIX) && !route.startsWith(DOCS_PREFIX) && !reply.hasHeader('cache-control')) {
      reply.header('cache-control', 'no-store');
    }
  });

  const now = deps.now ?? (() => new Date());
  const db = deps.database.db;
  const store = deps.fileStore ?? createFileStore(deps.config);
  // What this server keeps in memory (live sessions, data versions, answers) is kept while the
  // database's change notices reach it (db/change-feed.ts).
  const feed: ChangeFeed = await deps.database.openFeed();
  const auth = new AuthService({ db, tokens: new TokenSigner(deps.jwtSecret), now, feed, ...(deps.sleep ? { sleep: deps.sleep } : {}) });
  // Answers are kept on PostgreSQL only: the embedded database is one server's, small, and its change
  // notices reach the listener only after the statement's own promise, so a browser reading right after
  // a write could meet the answer from before it.
  // Live updates: open streams of record changes, fed by the same notices (modules/events).
  const events = new EventsService({ db, feed, auth, now, log: app.log, maxStreams: deps.config.eventsMaxStreams });
  const versions = new DataVersions(feed);
  const answers = new AnswerCache(versions, { maxBytes: deps.database.kind === 'postgres' ? deps.config.answerCacheBytes : 0 });
  // Counts follow the writes on either database; a count is answered from memory, while no change
  // has been announced, where answers are kept (for the reason above; ANSWER_CACHE_MB=0 reads both).
  const counts = new CountCache(db, { versions: deps.database.kind === 'postgres' && deps.config.answerCacheBytes > 0 ? versions : undefined });

  await app.register(errorHandlerPlugin);
  await app.register(securityHeadersPlugin);
  await app.register(rateLimit, { global: false });
  // Upload limits are set per route (readOneFile); these are the outer bounds.
  await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 2, fields: 10, parts: 20 } });
  await app.register(openApiPlugin);
  await app.register(authPlugin, { auth });
  // Bodies are read as sent: a compressed body would otherwise reach the parsers as garbage, and
  // inflating it would let a few kilobytes become gigabytes past the body limit.
  app.addHook('onRequest', async (request) => {
    const encoding = request.headers['content-encoding'];
    if (encoding !== undefined && encoding.trim().toLowerCase() !== 'identity') {
      throw new AppError(415, ERROR_CODES.unsupportedMedia, `Send the request body uncompressed; Content-Encoding "${encoding}" is not accepted.`);
    }
  });
  await app.register(actionGuardPlugin);
  await app.register(jsonNumbersPlugin);
  // Read your own writes: before a write's answer leaves, this server has received the notices of
  // everything committed before it, so the next read of the same client finds nothing older kept.
  app.addHook('onSend', async (request) => {
    if (!request.user || READ_METHODS.has(request.method)) return;
    // A read sent as a POST (a find) writes nothing: no notices of its own to wait for.
    const action = request.routeOptions.config?.action;
    if (action !== undefined && actionRule(action).readOnly) return;
    await feed.sync();
  });
  await app.register(storableTextPlugin);

  // 3DS's today: the day in the Settings' time zone, for every date check and what is kept by day.
  const day = await BusinessDay.read(db, now, (error) => app.log.warn({ err: error }, 'the time zone of the settings could not be read; the server\'s own zone counts the days until it can'));
  const today = () => day.today();
  // Pictures are shown in pages for a while: their links live an hour. They are made for no session:
  // the answer cache serves one answer to every reader of the record (downloads are made per session).
  // Reads of the database take turns, so that saves do not wait behind every reader (records/read-turns.ts);
  // the embedded database runs one statement at a time anyway.
  const reads = deps.database.kind === 'postgres' ? new ReadTurns(deps.config.readsAtOnce, { runLimitMs: deps.config.findTimeLimitMs }) : undefined;
  const records = new RecordsService({ db, answers, counts, reads, today, fileLink: (file, session) => fileLinkFor(deps.jwtSecret, file, now(), { session, ttlSeconds: 3600 }) });
  await app.register(
    async (api) => {
      await api.register(healthRoutes, { db, reads });
      await api.register(authRoutes, { auth, loginRateLimitPerMinute: deps.config.loginRateLimitPerMinute });
      // Signed links use a key derived from the JWT secret (files/signed-link.ts), never the JWT key itself.
      await api.register(filesRoutes, { db, store, linkSecret: deps.jwtSecret, now, isSessionLive: (sessionId) => auth.isSessionLive(sessionId) });
      const exports = new ExportService({ db, store, linkSecret: deps.jwtSecret, now, today });
      await api.register(recordsRoutes, { records });
      await api.register(exportsRoutes, { records, exports });
      const mailer =
        deps.mailer ?? createMailer({ smtpUrl: deps.config.mail.smtpUrl, from: deps.config.mail.from, outboxDir: join(deps.config.dataDir, 'outbox') });
      const jobs = new JobsService({ db, now, today, records, store, mailer, notifyTo: deps.config.mail.notifyTo });
      await api.register(jobsRoutes, { jobs });
      await api.register(jobDocumentsRoutes, { documents: new JobDocumentsService({ db, store, linkSecret: deps.jwtSecret, now }) });
      await api.register(registrationsRoutes, { registrations: new RegistrationsService({ db, store, records }) });
      await api.register(orderFormsRoutes, { orderForms: new OrderFormsService({ db, now, today }) });
      await api.register(declaredInventoryRoutes, { declared: new DeclaredInventoryService({ db, today }) });
      await api.register(witnessesRoutes, { witnesses: new WitnessesService({ db, auth, now }), rateLimitPerMinute: deps.config.loginRateLimitPerMinute });
      await api.register(lossesRoutes, { losses: new LossesService({ db, store, linkSecret: deps.jwtSecret, now, today }) });
      await api.register(reconciliationRoutes, { reconciliation: new ReconciliationService({ db, store, linkSecret: deps.jwtSecret, now, today }) });
      const containers = new ContainersService({ db, records, now, today });
      await api.register(containersRoutes, { containers });
      await api.register(valueListsRoutes, { db });
      const lineItems = new LineItemsService({ db, records, store, linkSecret: deps.jwtSecret, now, today });
      await api.register(lineItemsRoutes, { lineItems });
      await api.register(correctionsRoutes, { corrections: new CorrectionsService({ db, now, lineItems, jobs }) });
      await api.register(bulkRoutes, { bulk: new BulkService({ db, containers, lineItems, exports, today }) });
      await api.register(historyRoutes, { history: new HistoryService({ db, records }) });
      const inventory = new InventoryService({ db, store, linkSecret: deps.jwtSecret, now, clock: day });
      await api.register(inventoryRoutes, { inventory });
      await api.register(lockCheckRoutes, { lockCheck: new LockCheckService({ db }) });
      await api.register(reportsRoutes, { reports: new ReportsService({ db, store, linkSecret: deps.jwtSecret, now, inventory }) });
      await api.register(usersRoutes, { users: new UsersService(db, now) });
      await api.register(settingsRoutes, { settings: new SettingsService(db, day) });
      await api.register(savedFindsRoutes, { savedFinds: new SavedFindsService(db) });
      await api.register(homeRoutes, { home: new HomeService(inventory) });
      await api.register(listColumnsRoutes, { listColumns: new ListColumnsService(db) });
      await api.register(eventsRoutes, { events });
    },
    { prefix: API_PREFIX.slice(0, -1) },
  );

  await app.register(webAppPlugin, { root: deps.webRoot ?? WEB_ROOT, apiPrefix: API_PREFIX });
  // Housekeeping: compact the count cache's change log, remove exports past their retention.
  const stops =
    deps.backgroundJobs === false
      ? []
      : [
          scheduleChangeLogCompaction(db, (error) => app.log.warn({ err: error }, 'change log compaction failed')),
          scheduleExportCleanup(db, store, app.log, { now }),
          day.scheduleRefresh((error) => app.log.warn({ err: error }, 'reading the time zone of the settings failed')),
        ];
  // Open event streams end before the server waits for its requests to finish, or it would wait for ever.
  app.addHook('preClose', async () => events.close());
  app.addHook('onClose', async () => {
    for (const stop of stops) await stop();
    await feed.close();
    // Counts still being shared with the other servers are written before the database closes.
    await counts.shared();
    await deps.database.close();
  });
  return app;
}
