// Interface: "Other operations that are named" / PATCH {base_url}/config; supplement section 2.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { isoNow } from '../clock.js';
import { ApiError, invalidInput, type FieldError } from '../errors.js';
import { parse, type FeeConfig } from '../context.js';

const FeeConfigSchema = z.object({
  feeType: z.literal('CROSS_CURRENCY_TRANSACTION'),
  sourceCurrency: z.string().regex(/^[A-Z]{3}$/),
  variableFeeBps: z.number().int().min(0).max(10000),
  fixedFee: z.object({ amount: z.number().int().min(0), currency: z.string().regex(/^[A-Z]{3}$/) }),
});

const PatchConfigSchema = z.object({
  umaDomain: z.string().min(1).optional(),
  webhookEndpoint: z.string().nullable().optional(),
  supportedCurrencies: z.array(z.unknown()).optional(),
  embeddedWalletConfig: z.record(z.string(), z.unknown()).optional(),
  cardTokenization2faConfig: z.record(z.string(), z.unknown()).optional(),
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

  app.get('/config', async () => ctx.config);

  app.patch('/config', async (req) => {
    const body = parse(PatchConfigSchema, req.body);
    const problems: FieldError[] = [];
    if (body.webhookEndpoint && !ctx.faults.has('config-accepts-http-webhook')) {
      const problem = endpointProblem(body.webhookEndpoint, ctx.settings.allowInsecureLoopbackWebhooks);
      if (problem) problems.push({ field: 'webhookEndpoint', constraint: 'format', message: `webhookEndpoint ${problem}` });
    }
    if (problems.length) throw invalidInput(problems);
    // Interface: feeConfigs "requires a USD source currency"; supplement section 2: else 501 NOT_IMPLEMENTED.
    const nonUsd = (body.feeConfigs ?? []).findIndex((fee) => fee.sourceCurrency !== 'USD');
    if (nonUsd >= 0 && !ctx.faults.has('fee-config-accepts-non-usd')) {
      throw new ApiError(501, 'NOT_IMPLEMENTED', `Platform fees require a USD source currency (feeConfigs.${nonUsd}.sourceCurrency)`, { field: `feeConfigs.${nonUsd}.sourceCurrency` });
    }

    const { feeConfigs, webhookEndpoint, ...rest } = body;
    Object.assign(ctx.config, rest);
    if (feeConfigs) ctx.config.feeConfigs = mergeFees(ctx.config.feeConfigs, feeConfigs);
    const endpointChanged = webhookEndpoint !== undefined && webhookEndpoint !== ctx.config.webhookEndpoint;
    if (webhookEndpoint !== undefined) ctx.config.webhookEndpoint = webhookEndpoint || null;
    ctx.config.updatedAt = isoNow(ctx.clock);
    // Supplement section 2: setting webhookEndpoint sends a TEST webhook.
    if (endpointChanged && ctx.config.webhookEndpoint) void ctx.webhooks.sendTest().catch(() => undefined);
    return ctx.config;
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
