// Interface: "Other operations that are named" / PATCH {base_url}/config; supplement section 2.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { ApiError, invalidInput, type FieldError } from '../http/errors.js';
import { parse } from '../context.js';
import { presentConfig, type FeeConfig } from './state.js';

const FeeConfigSchema = z.object({
  feeType: z.literal('CROSS_CURRENCY_TRANSACTION'),
  sourceCurrency: z.string().regex(/^[A-Z]{3}$/),
  variableFeeBps: z.number().int().min(0).max(10000),
  fixedFee: z.object({ amount: z.number().int().min(0), currency: z.string().regex(/^[A-Z]{3}$/) }),
});

/**
 * Supplement section 2: cardTokenization2faConfig, its lengths; omitted nested fields unchanged.
 * openapi.yaml, CardTokenization2FAConfig: every member a string (or an object of strings), so null
 * is refused like any other wrong type: no request unsets a member (sandbox/README.md).
 */
const CardTokenization2fa = z.object({
  displayName: z.string().max(255).optional(),
  logoUrl: z.url().max(512).refine((u) => u.startsWith('https://'), 'an https URL').optional(),
  email: z.object({ fromAddress: z.string().optional(), fromName: z.string().optional(), replyToAddress: z.string().optional(), subject: z.string().optional(), bodyText: z.string().max(2000).optional() }).optional(),
  sms: z.object({ templateSid: z.string().max(64).optional(), bodyText: z.string().max(480).optional() }).optional(),
});
/** This sandbox's fault: the branding taken without its lengths and scheme. */
const AnyCardTokenization2fa = z.record(z.string(), z.unknown());

/**
 * Supplement section 2: a PlatformConfig's supportedCurrencies entry, its starred fields
 * (currencyCode*, minAmount*, maxAmount*, requiredCounterpartyFields*[{name, mandatory}],
 * enabledTransactionTypes*[INCOMING|OUTGOING]). PATCH /config answers the PlatformConfig, so an entry
 * without them is refused rather than stored and served (this sandbox's choice: sandbox/README.md).
 * Other members of an entry are kept as given.
 */
const SupportedCurrency = z.looseObject({
  currencyCode: z.string().min(1),
  minAmount: z.number(),
  maxAmount: z.number(),
  requiredCounterpartyFields: z.array(z.looseObject({ name: z.string().min(1), mandatory: z.boolean() })),
  enabledTransactionTypes: z.array(z.enum(['INCOMING', 'OUTGOING'])),
});

/** openapi.yaml, PlatformConfigUpdateRequest: webhookEndpoint a string, cardTokenization2faConfig an object (neither nullable). */
const PatchConfigSchema = z.object({
  umaDomain: z.string().min(1).optional(),
  webhookEndpoint: z.string().optional(),
  supportedCurrencies: z.array(SupportedCurrency).optional(),
  embeddedWalletConfig: z.record(z.string(), z.unknown()).optional(),
  cardTokenization2faConfig: CardTokenization2fa.optional(),
  feeConfigs: z.array(FeeConfigSchema).optional(),
});

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function endpointProblem(value: string, allowLoopbackHttp: boolean): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return 'must be an absolute URL';
  }
  if (url.protocol === 'https:') return null;
  if (url.protocol === 'http:' && allowLoopbackHttp && LOOPBACK.has(url.hostname)) return null;
  return 'must be an HTTPS URL';
}

export async function platformConfigurationRoutes(app: FastifyInstance) {
  const { ctx } = app;

  app.get('/config', async () => presentConfig(ctx.config));

  app.patch('/config', async (req) => {
    const checked = ctx.faults.has('card-2fa-branding-unchecked') ? PatchConfigSchema.extend({ cardTokenization2faConfig: AnyCardTokenization2fa.optional() }) : PatchConfigSchema;
    // The alternate keeps the well-formed supportedCurrencies entries and drops the others.
    const dropping = ctx.choices.alternate('supported-currencies-drop-malformed');
    const schema = dropping ? checked.extend({ supportedCurrencies: z.array(z.unknown()).transform((list) => list.filter((e) => SupportedCurrency.safeParse(e).success)).optional() }) : checked;
    const body = parse(schema, req.body);
    const problems: FieldError[] = [];
    if (body.webhookEndpoint !== undefined && !ctx.faults.has('config-accepts-http-webhook')) {
      const problem = endpointProblem(body.webhookEndpoint, ctx.settings.allowInsecureLoopbackWebhooks);
      if (problem) problems.push({ field: 'webhookEndpoint', message: `webhookEndpoint ${problem}` });
    }
    const displayName = body.cardTokenization2faConfig?.displayName;
    if (ctx.faults.has('card-2fa-display-name-short') && typeof displayName === 'string' && displayName.length > 60) {
      // The fault: the branding's display name is held to 60 characters, not the documented 255.
      problems.push({ field: 'cardTokenization2faConfig.displayName', constraint: { maxLength: 60 }, message: 'at most 60 characters' });
    }
    if (problems.length) throw invalidInput(problems);
    // Interface: feeConfigs "requires a USD source currency"; supplement section 2: else 501 NOT_IMPLEMENTED.
    const nonUsd = (body.feeConfigs ?? []).findIndex((fee) => fee.sourceCurrency !== 'USD');
    if (nonUsd >= 0 && !ctx.faults.has('fee-config-accepts-non-usd')) {
      throw new ApiError(501, 'NOT_IMPLEMENTED', `Platform fees require a USD source currency (feeConfigs.${nonUsd}.sourceCurrency)`, { field: `feeConfigs.${nonUsd}.sourceCurrency` });
    }

    const { feeConfigs, webhookEndpoint, cardTokenization2faConfig, ...rest } = body;
    Object.assign(ctx.config, rest);
    if (cardTokenization2faConfig) {
      // Supplement section 2: omitted nested fields unchanged.
      const current = (ctx.faults.has('card-2fa-branding-replaced') ? {} : (ctx.config.cardTokenization2faConfig ?? {})) as Record<string, unknown>;
      const merged: Record<string, unknown> = { ...current };
      for (const [k, v] of Object.entries(cardTokenization2faConfig)) {
        if (v !== null && typeof v === 'object' && !Array.isArray(v)) {
          const nested: Record<string, unknown> = ctx.faults.has('card-2fa-branding-nested-replaced') ? {} : { ...((current[k] as object) ?? {}) };
          for (const [nk, nv] of Object.entries(v as Record<string, unknown>)) {
            if (k === 'email' && ['fromAddress', 'fromName', 'replyToAddress'].includes(nk) && ctx.faults.has('card-2fa-email-sender-dropped')) continue;
            nested[nk] = nv;
          }
          merged[k] = nested;
        } else merged[k] = v;
      }
      ctx.config.cardTokenization2faConfig = merged;
    }
    if (feeConfigs) ctx.config.feeConfigs = mergeFees(ctx.config.feeConfigs, feeConfigs);
    // Supplement 2 and 26: setting or changing it sends a TEST; the alternate sends one for the endpoint already held too.
    const sendsTest = webhookEndpoint !== undefined && (webhookEndpoint !== ctx.config.webhookEndpoint || ctx.choices.alternate('webhook-endpoint-reset-tests'));
    if (webhookEndpoint !== undefined) ctx.config.webhookEndpoint = webhookEndpoint;
    ctx.config.updatedAt = isoNow(ctx.clock);
    // Supplement section 2: setting webhookEndpoint sends a TEST webhook.
    if (sendsTest) void ctx.webhooks.sendTest().catch(() => undefined);
    return presentConfig(ctx.config);
  });

  // This sandbox's own trigger (sandbox/README.md; SVC_WEBHOOK_ENDPOINT_UNSET_TRIGGER): the platform
  // without a webhookEndpoint, which no request of the description reaches (PlatformConfigUpdateRequest
  // types webhookEndpoint a string), so that POST /webhooks/test can answer WEBHOOK_ENDPOINT_NOT_SET.
  app.post('/sandbox/config/webhook-endpoint/unset', async () => {
    ctx.config.webhookEndpoint = null;
    ctx.config.updatedAt = isoNow(ctx.clock);
    return presentConfig(ctx.config);
  });
}

/** Supplement: PATCH merges by (feeType, sourceCurrency); both fees 0 deactivates. */
function mergeFees(current: FeeConfig[], incoming: FeeConfig[]): FeeConfig[] {
  const byKey = new Map(current.map((f) => [`${f.feeType}/${f.sourceCurrency}`, f]));
  for (const fee of incoming) {
    const key = `${fee.feeType}/${fee.sourceCurrency}`;
    if (fee.variableFeeBps === 0 && fee.fixedFee.amount === 0) byKey.delete(key);
    else byKey.set(key, fee);
  }
  return [...byKey.values()];
}
