// The reference sandbox: a Fastify server for the interface, in memory, with named faults.
import { randomUUID, timingSafeEqual } from 'node:crypto';
import Fastify, { type FastifyError, type FastifyInstance } from 'fastify';
import { INTERFACE_VERSION } from './constants.js';
import { generateWebhookKeyPair, publicKeyFromPrivate } from './crypto/webhook-signing.js';
import { Choices } from './choices.js';
import { isoNow, systemClock, type Clock } from './clock.js';
import type { SandboxContext, SandboxSettings } from './context.js';
import { ApiError, errorBody, unauthorized } from './http/errors.js';
import { answeredRefusal } from './http/field-error-forms.js';
import { Faults } from './faults.js';
import { platformConfigurationRoutes } from './platform-configuration/routes.js';
import { initialConfig } from './platform-configuration/state.js';
import { WebhookDelivery, type DeliveryOptions } from './webhooks/state.js';
import { webhookRoutes } from './webhooks/routes.js';
import { customerRoutes } from './customers/routes.js';
import { internalAccountRoutes } from './internal-accounts/routes.js';
import { kycRoutes } from './kyc-verifications/routes.js';
import { contactAndScaRoutes } from './strong-customer-authentication/routes.js';
import { scaFactorRoutes } from './strong-customer-authentication/factors.js';
import { quoteAuthorizationRoutes } from './strong-customer-authentication/quote-authorization.js';
import { externalAccountRoutes } from './external-accounts/routes.js';
import { beneficiaryTrustRoutes } from './external-accounts/trust.js';
import { cardRoutes } from './cards/routes.js';
import { transferRoutes } from './cross-currency-transfers/routes.js';
import { exchangeRateRoutes } from './exchange-rates/routes.js';
import { transactionRoutes } from './transactions/routes.js';
import { incomingPaymentRoutes } from './transactions/incoming.js';
import { clientErrorHandler, drainRequest, frameworkError, frameworkErrors, MAX_PARAM_LENGTH, unreadableMultipart } from './http/framework-errors.js';
import { serverErrorRoutes } from './cross-currency-transfers/server-errors.js';
import { webhookSignatureRoutes } from './webhooks/signature-check.js';
import { stablecoinRoutes } from './stablecoins/routes.js';
import { umaRoutes } from './cross-currency-transfers/uma/routes.js';
import { optionDefault } from './options.js';
import { invitationRoutes } from './invitations/routes.js';
import { discoveryRoutes } from './discoveries/routes.js';
import { vaspRoutes } from './vasps/routes.js';
import { agentAuthenticates, agentRoutes } from './agent-management/routes.js';
import { agentOperationRoutes } from './agent-operations/routes.js';
import { apiTokenRoutes, authenticateToken } from './api-tokens/routes.js';
import { embeddedWalletAuthRoutes } from './embedded-wallet-auth/routes.js';
import { delegatedKeyRoutes } from './embedded-wallet-auth/delegated-keys.js';

export interface SandboxOptions extends Partial<SandboxSettings> {
  webhookPrivateKeyPem?: string;
  faults?: Iterable<string>;
  clock?: Clock;
  webhook?: Partial<Omit<DeliveryOptions, 'privateKeyPem'>>;
  /** Fastify request logging, with credentials redacted. */
  log?: boolean;
}

export interface Sandbox {
  app: FastifyInstance;
  ctx: SandboxContext;
  clientId: string;
  clientSecret: string;
  webhookPublicKeyPem: string;
  /** Every route the sandbox serves (method and URL pattern). */
  routes: readonly { method: string; url: string }[];
  /** Listens and returns the base URL, version segment included. */
  listen(port?: number, host?: string): Promise<string>;
  close(): Promise<void>;
}

export const DEFAULT_PORT = optionDefault('port');

export async function buildSandbox(options: SandboxOptions = {}): Promise<Sandbox> {
  const clock = options.clock ?? systemClock;
  const faults = new Faults(options.faults ?? []);
  // The defaults of every option are the table's (options.ts); the alternate choices take two of
  // them in their other allowed form where the run sets none (./choices.ts).
  const choices = new Choices(options.choices ?? optionDefault('choices'));
  const settings: SandboxSettings = {
    clientId: options.clientId ?? `sandbox-${randomUUID().slice(0, 8)}`,
    clientSecret: options.clientSecret ?? randomUUID(),
    allowInsecureLoopbackWebhooks: options.allowInsecureLoopbackWebhooks ?? optionDefault('allowInsecureLoopbackWebhooks'),
    challengeTtlMs: options.challengeTtlMs ?? optionDefault('challengeTtlMs'),
    provisioningDelayMs: options.provisioningDelayMs ?? optionDefault('provisioningDelayMs'),
    counterpartyRules: options.counterpartyRules ?? optionDefault('counterpartyRules'),
    realtimeQuoteTtlMs: options.realtimeQuoteTtlMs ?? optionDefault('realtimeQuoteTtlMs'),
    cardActivationDelayMs: options.cardActivationDelayMs ?? optionDefault('cardActivationDelayMs'),
    incomingApprovalWindowMs: options.incomingApprovalWindowMs ?? optionDefault('incomingApprovalWindowMs'),
    umaLookupTtlMs: options.umaLookupTtlMs ?? optionDefault('umaLookupTtlMs'),
    walletSessionTtlMs: options.walletSessionTtlMs ?? optionDefault('walletSessionTtlMs'),
    deviceCodeTtlMs: options.deviceCodeTtlMs ?? optionDefault('deviceCodeTtlMs'),
    quoteVelocityCount: options.quoteVelocityCount ?? optionDefault('quoteVelocityCount'),
    scaDebitAt: options.scaDebitAt ?? (choices.alternate('sca-debit-at-execute') ? 'execute' : optionDefault('scaDebitAt')),
    quoteVelocityRefused: options.quoteVelocityRefused ?? (choices.alternate('velocity-counts-refused') ? 'count' : optionDefault('quoteVelocityRefused')),
    umaWellBehavedCounterparties: options.umaWellBehavedCounterparties ?? optionDefault('umaWellBehavedCounterparties'),
    choices: options.choices ?? optionDefault('choices'),
  };
  const privateKeyPem = options.webhookPrivateKeyPem ?? generateWebhookKeyPair().privateKeyPem;
  const app = Fastify({
    logger: options.log
      ? { redact: { paths: ['req.headers.authorization'], censor: '[redacted]' } }
      : false,
    bodyLimit: 1024 * 1024,
    // Framework answers (an over-long path parameter, a malformed URL, a request that is not HTTP)
    // carry the interface's error body too (./http/framework-errors.ts).
    routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
    frameworkErrors: (error, _req, reply) => frameworkErrors(error, reply, faults),
    clientErrorHandler,
  });

  const timers = new Set<NodeJS.Timeout>();
  const now = isoNow(clock);
  const ctx: SandboxContext = {
    settings,
    faults,
    clock,
    timers,
    areas: new Map(),
    choices,
    // The alternate starts without a card tokenization branding.
    config: initialConfig(now, choices.alternate('card-branding-unset-at-start')),
    later(ms, fn) {
      const t = setTimeout(() => {
        timers.delete(t);
        // Scheduled work that finds its resources gone ends there; it never ends the process.
        try {
          fn();
        } catch (err) {
          app.log.error({ err }, 'scheduled sandbox work failed');
        }
      }, ms);
      timers.add(t);
    },
    webhooks: undefined as unknown as WebhookDelivery,
  };
  ctx.webhooks = new WebhookDelivery(
    {
      privateKeyPem,
      retryBaseDelayMs: options.webhook?.retryBaseDelayMs ?? optionDefault('webhookRetryBaseMs'),
      maxAttempts: options.webhook?.maxAttempts ?? optionDefault('webhookAttempts'),
      timeoutMs: options.webhook?.timeoutMs ?? 30_000,
      caPem: options.webhook?.caPem,
    },
    () => ctx.config.webhookEndpoint,
    faults,
    clock,
    ctx.choices,
  );
  app.decorate('ctx', ctx);
  const routes: { method: string; url: string }[] = [];
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat()) if (method !== 'HEAD') routes.push({ method, url: route.url });
  });

  // JSON bodies; a malformed one is the client's mistake (400), never a 5xx.
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = String(body);
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      // The alternate names the malformed body with the interface's INVALID_REQUEST_FORMAT (no document ties a code to it).
      const code = ctx.choices.alternate('malformed-json-request-format') ? 'INVALID_REQUEST_FORMAT' : 'INVALID_INPUT';
      const err = faults.has('invalid-json-500')
        ? new ApiError(500, 'INTERNAL_ERROR', 'Unexpected token')
        : new ApiError(400, code, 'The request body is not valid JSON');
      done(err, undefined);
    }
  });

  app.setErrorHandler(async (error: FastifyError | ApiError, req, reply) => {
    let apiError: ApiError;
    if (error instanceof ApiError) apiError = error;
    else if (error.statusCode && error.statusCode >= 400 && error.statusCode < 500) {
      apiError = frameworkError(error);
    } else if (unreadableMultipart(req.headers['content-type'], error)) {
      apiError = new ApiError(400, 'INVALID_INPUT', `The multipart body cannot be read: ${error.message}`);
    } else {
      req.log.error({ err: error }, 'unhandled sandbox error');
      apiError = new ApiError(500, 'INTERNAL_ERROR', 'Internal sandbox error');
    }
    // A body left unread (too large, unsupported type) is read to its end before the answer, so a
    // client still sending gets the answer and not a broken pipe.
    await drainRequest(req.raw, reply);
    apiError = answeredRefusal(ctx.choices, req.method, req.routeOptions.url, apiError);
    return reply.status(apiError.status).send(errorBody(apiError, faults));
  });

  // The alternate: every JSON answer with its members in the reverse order (no document fixes an order).
  if (ctx.choices.alternate('key-order')) {
    app.addHook('onSend', async (_req, reply, payload) => {
      if (typeof payload !== 'string' || !String(reply.getHeader('content-type') ?? '').includes('json')) return payload;
      try {
        return JSON.stringify(reversedKeys(JSON.parse(payload)));
      } catch {
        return payload;
      }
    });
  }

  app.setNotFoundHandler(async (req, reply) => {
    const path = req.url.split('?')[0];
    // The alternate answers a path that routes serve, asked with a method none of them takes, 405 (supplement 15's code for unsupported methods).
    const allowed = ctx.choices.alternate('unserved-method-405') ? methodsServing(routes, path) : [];
    const err = allowed.length
      ? new ApiError(405, 'METHOD_NOT_ALLOWED', `${req.method} is not supported on ${path}; use ${allowed.join(' or ')}`)
      : new ApiError(404, 'REFERENCE_NOT_FOUND', `No operation ${req.method} ${path}`);
    await drainRequest(req.raw, reply);
    if (allowed.length) void reply.header('allow', allowed.join(', '));
    return reply.status(err.status).send(errorBody(err, faults));
  });

  const expected = Buffer.from(`Basic ${Buffer.from(`${settings.clientId}:${settings.clientSecret}`).toString('base64')}`);
  app.addHook('onRequest', async (req) => {
    if (faults.has('auth-not-enforced')) return;
    if (agentAuthenticates(req.routeOptions.url)) return; // Bearer or none: agent-management and agent-operations check them.
    // The fault: customers, quotes and transactions are read without credentials.
    if (faults.has('auth-open-on-reads') && req.method === 'GET' && /^\/[^/]+\/(customers|quotes|transactions)(\/|\?|$)/.test(req.url)) return;
    const header = req.headers.authorization ?? '';
    if (faults.has('auth-accepts-bearer') && /^Bearer \S+/.test(header)) return;
    const given = Buffer.from(header);
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      // An API token's Basic credentials, with the permission the operation needs (supplement 20).
      if (authenticateToken(ctx, req)) return;
      throw faults.has('auth-wrong-code') ? new ApiError(401, 'INVALID_CREDENTIALS', 'Credentials rejected') : unauthorized();
    }
  });

  await app.register(
    async (api) => {
      await api.register(platformConfigurationRoutes);
      await api.register(webhookRoutes);
      await api.register(customerRoutes);
      await api.register(internalAccountRoutes);
      await api.register(kycRoutes);
      await api.register(contactAndScaRoutes);
      await api.register(scaFactorRoutes);
      await api.register(quoteAuthorizationRoutes);
      await api.register(externalAccountRoutes);
      await api.register(beneficiaryTrustRoutes);
      await api.register(cardRoutes);
      await api.register(transferRoutes);
      await api.register(exchangeRateRoutes);
      await api.register(transactionRoutes);
      await api.register(incomingPaymentRoutes);
      await api.register(serverErrorRoutes);
      await api.register(webhookSignatureRoutes);
      await api.register(stablecoinRoutes);
      await api.register(umaRoutes);
      await api.register(invitationRoutes);
      await api.register(discoveryRoutes);
      await api.register(vaspRoutes);
      await api.register(agentRoutes);
      await api.register(agentOperationRoutes);
      await api.register(apiTokenRoutes);
      await api.register(embeddedWalletAuthRoutes);
      await api.register(delegatedKeyRoutes);
    },
    { prefix: `/${INTERFACE_VERSION}` },
  );

  return {
    app,
    ctx,
    clientId: settings.clientId,
    clientSecret: settings.clientSecret,
    webhookPublicKeyPem: publicKeyFromPrivate(privateKeyPem),
    routes,
    async listen(port = 0, host = '127.0.0.1') {
      await app.listen({ port, host });
      const address = app.server.address();
      const bound = typeof address === 'object' && address ? address.port : port;
      return `http://${host.includes(':') ? `[${host}]` : host}:${bound}/${INTERFACE_VERSION}`;
    },
    async close() {
      for (const t of timers) clearTimeout(t);
      timers.clear();
      await ctx.webhooks.close();
      await app.close();
    },
  };
}

/** The methods of the routes whose path pattern (`:name` one segment) matches `path`. */
function methodsServing(routes: readonly { method: string; url: string }[], path: string): string[] {
  const segments = path.split('/');
  const served = routes.filter((r) => {
    const pattern = r.url.split('/');
    return pattern.length === segments.length && pattern.every((p, i) => (p.startsWith(':') ? segments[i] !== '' : p === segments[i]));
  });
  return [...new Set(served.map((r) => r.method))];
}

/** A JSON value with each object's members in the reverse order. */
function reversedKeys(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(reversedKeys);
  if (!value || typeof value !== 'object') return value;
  return Object.fromEntries(Object.entries(value).reverse().map(([k, v]) => [k, reversedKeys(v)]));
}
