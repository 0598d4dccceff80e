// Every documented field rule of PATCH /config's fee configuration and card tokenization branding,
// both ways, with generated data (helpers/field-rules/customers.ts configPatch holds the rules and
// their citations). basis: supplement (section 2: FeeConfig, cardTokenization2faConfig lengths and
// https logoUrl); interface: PATCH /config body fields. Platform-wide: runs in the sequential phase,
// and puts the platform's USD fee configuration and card branding back exactly afterwards.
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

type Branding = Record<string, unknown> | null | undefined;

/**
 * The branding patch that makes `now` equal `before`: what was there is sent back, what was not is
 * unset with null (both documents are silent on unsetting: this suite's choice, which the sandbox
 * follows; see sandbox/README.md), nested objects field by field since PATCH merges them.
 */
function brandingRestore(before: Branding, now: Branding): Record<string, unknown> | null | undefined {
  if (!before) return now ? null : undefined;
  const out: Record<string, unknown> = {};
  for (const k of new Set([...Object.keys(before), ...Object.keys(now ?? {})])) {
    const was = before[k];
    const is = now?.[k];
    if (was === undefined || was === null) {
      if (is !== undefined && is !== null) out[k] = null;
    } else if (typeof was === 'object' && !Array.isArray(was) && is && typeof is === 'object') {
      const nested: Record<string, unknown> = {};
      for (const nk of new Set([...Object.keys(was), ...Object.keys(is)])) nested[nk] = (was as Record<string, unknown>)[nk] ?? null;
      out[k] = nested;
    } else out[k] = was;
  }
  return out;
}

/**
 * Puts the platform's fee configuration and card branding back exactly as they were before the
 * suite (partner-safe: the target may be a partner's): the USD fee configuration replaced, or
 * deactivated (both fees 0, supplement §2) where there was none; the branding as brandingRestore.
 * Where the target does not take null to unset, what it keeps is named in the output.
 */
async function restoreConfig(before: PlatformConfig): Promise<void> {
  const now = await currentConfig();
  const previous = before.feeConfigs?.find((f) => f.sourceCurrency === 'USD' && f.feeType === 'CROSS_CURRENCY_TRANSACTION');
  const off = { feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 0, fixedFee: { amount: 0, currency: 'USD' } };
  const branding = brandingRestore(before.cardTokenization2faConfig as Branding, now.cardTokenization2faConfig as Branding);
  const res = await send({ feeConfigs: [previous ?? off], ...(branding !== undefined ? { cardTokenization2faConfig: branding } : {}) });
  if (res.status !== 200) {
    process.stderr.write(`svc-conformance: PATCH /config with null for the branding fields that were not there answered ${res.status} (supplement 2 shows no way to unset a field); restoring what was there only\n`);
    expectStatus(await send({ feeConfigs: [previous ?? off], ...(before.cardTokenization2faConfig ? { cardTokenization2faConfig: before.cardTokenization2faConfig } : {}) }), 200, PlatformConfig, 'the platform configuration is restored');
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
