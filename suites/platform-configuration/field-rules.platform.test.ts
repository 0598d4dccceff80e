// Every documented field rule of PATCH /config's fee configuration and card tokenization branding,
// both ways, with generated data (helpers/field-rules/customers.ts configPatch holds the rules and
// their citations). basis: supplement (section 2: FeeConfig, cardTokenization2faConfig lengths and
// https logoUrl); interface: PATCH /config body fields. Platform-wide: runs in the sequential phase,
// and puts back the platform's USD fee configuration and the card branding it held afterwards (a
// branding field the platform lacked cannot be unset: openapi.yaml gives no request that does).
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../../helpers/expect.js';
import { api } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { configPatch } from '../../helpers/field-rules/customers.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { PlatformConfig } from '../../helpers/schemas/index.js';

const currentConfig = async () => expectStatus(await api.get('/config'), 200, PlatformConfig, 'GET /config returns the platform configuration');
const send = (body: Record<string, unknown>) => api.patch('/config', { body });

type Branding = Record<string, unknown> | undefined;

/**
 * The branding patch that puts back what `before` held, nested objects field by field since PATCH merges
 * them (supplement 2: omitted nested fields unchanged), and the fields `now` holds that `before` did not:
 * no request unsets them (openapi.yaml, CardTokenization2FAConfig: every member a string or an object,
 * none nullable; the PATCH "leaves unchanged" what it omits).
 */
function brandingRestore(before: Branding, now: Branding): { patch: Record<string, unknown> | undefined; added: string[] } {
  const patch: Record<string, unknown> = {};
  const added: string[] = [];
  for (const k of new Set([...Object.keys(before ?? {}), ...Object.keys(now ?? {})])) {
    const was = before?.[k];
    const is = now?.[k];
    if (was === undefined) {
      if (is !== undefined) added.push(k);
    } else if (typeof was === 'object' && was !== null && !Array.isArray(was)) {
      for (const nk of Object.keys((is ?? {}) as object)) if (!(nk in was)) added.push(`${k}.${nk}`);
      patch[k] = was;
    } else patch[k] = was;
  }
  return { patch: Object.keys(patch).length ? patch : undefined, added };
}

/**
 * Puts the platform's fee configuration and card branding back as they were before the suite
 * (partner-safe: the target may be a partner's): the USD fee configuration replaced, or deactivated
 * (both fees 0, supplement §2) where there was none; the branding as brandingRestore. A branding field
 * the scenarios added where the platform had none cannot be unset: the output names it.
 */
async function restoreConfig(before: PlatformConfig): Promise<void> {
  const now = await currentConfig();
  const previous = before.feeConfigs?.find((f) => f.sourceCurrency === 'USD' && f.feeType === 'CROSS_CURRENCY_TRANSACTION');
  const off = { feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 0, fixedFee: { amount: 0, currency: 'USD' } };
  const { patch, added } = brandingRestore(before.cardTokenization2faConfig as Branding, now.cardTokenization2faConfig as Branding);
  expectStatus(await send({ feeConfigs: [previous ?? off], ...(patch ? { cardTokenization2faConfig: patch } : {}) }), 200, PlatformConfig, 'the platform configuration is restored');
  if (added.length) {
    process.stderr.write(`svc-conformance: the branding fields ${added.join(', ')} were added by the scenarios and cannot be unset (no request of the description unsets one)\n`);
  }
  const after = await currentConfig();
  const canonical = (v: unknown): unknown =>
    Array.isArray(v) ? v.map(canonical) : v && typeof v === 'object' ? Object.fromEntries(Object.entries(v).sort(([a], [b]) => a.localeCompare(b)).map(([k, x]) => [k, canonical(x)])) : v;
  const pick = (c: PlatformConfig) => canonical({ feeConfigs: c.feeConfigs ?? [], cardTokenization2faConfig: c.cardTokenization2faConfig ?? null });
  if (JSON.stringify(pick(after)) !== JSON.stringify(pick(before))) {
    process.stderr.write(
      `svc-conformance: the platform configuration could not be put back exactly: before ${JSON.stringify(pick(before))}, now ${JSON.stringify(pick(after))}\n`,
    );
  }
}

describe('PATCH /config', () => {
  scenario({ area: 'Platform Configuration', operation: 'PATCH /config', section: 'Other operations that are named', basis: 'supplement' });
  let before: PlatformConfig;
  beforeAll(async () => {
    before = await currentConfig();
  });
  afterAll(async () => {
    await restoreConfig(before);
  });

  it('refuses every change that breaks one documented field rule with 400 INVALID_INPUT naming the field, and changes nothing', async () => {
    await basisSupplement('section 2: FeeConfig and cardTokenization2faConfig rules; generated, one rule broken per request');
    await checkRulesRefused({
      spec: configPatch(),
      send,
      unchanged: async (rule) => {
        const now = await currentConfig();
        expect({ fees: now.feeConfigs ?? [], branding: now.cardTokenization2faConfig ?? null }, `changes breaking ${rule.id} were refused and left the configuration as it was`).toEqual({ fees: before.feeConfigs ?? [], branding: before.cardTokenization2faConfig ?? null });
      },
    });
  });

  it('keeps the branding fields a PATCH leaves out, nested ones included', async () => {
    await basisSupplement('section 2: cardTokenization2faConfig (omitted nested fields unchanged)');
    const mark = randomUUID().slice(0, 8);
    const first = { displayName: `Brand ${mark}`, email: { subject: `Code ${mark}`, fromName: `Svc ${mark}` }, sms: { bodyText: `Your code ${mark}` } };
    expectStatus(await send({ cardTokenization2faConfig: first }), 200, PlatformConfig, 'PATCH /config: valid branding');
    // Each later change gives one nested field: the others, top-level and nested, stay as they were.
    expectStatus(await send({ cardTokenization2faConfig: { email: { bodyText: `Body ${mark}` } } }), 200, PlatformConfig, 'PATCH /config: one nested branding field');
    expectStatus(await send({ cardTokenization2faConfig: { sms: { templateSid: `T${mark}` } } }), 200, PlatformConfig, 'PATCH /config: another nested branding field');
    const now = (await currentConfig()).cardTokenization2faConfig;
    expect(now, 'supplement 2: a PATCH of cardTokenization2faConfig leaves the nested fields it omits unchanged').toMatchObject({
      displayName: first.displayName,
      email: { ...first.email, bodyText: `Body ${mark}` },
      sms: { ...first.sms, templateSid: `T${mark}` },
    });
  });

  it('accepts valid fee and branding changes and reads them back as sent', async () => {
    await basisSupplement('section 2: PATCH merges fees by (feeType, sourceCurrency); omitted nested branding fields unchanged');
    await checkValidAccepted({
      spec: configPatch(),
      send,
      created: { status: 200, schema: PlatformConfig },
      readBack: () => api.get('/config'),
    });
  });
});
