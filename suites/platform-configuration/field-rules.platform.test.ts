// Every documented field rule of PATCH /config's fee configuration and card tokenization branding,
// both ways, with generated data (helpers/requests/customers.ts configPatch holds the rules and
// their citations). basis: supplement (section 2: FeeConfig, cardTokenization2faConfig lengths and
// https logoUrl); interface: PATCH /config body fields. Platform-wide: runs in the sequential phase,
// and puts the platform's USD fee configuration back afterwards.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectStatus } from '../../helpers/expect.js';
import { api } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/requests/check.js';
import { configPatch } from '../../helpers/requests/customers.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { PlatformConfig } from '../../helpers/schemas.js';

const currentConfig = async () => expectStatus(await api.get('/config'), 200, PlatformConfig, 'GET /config returns the platform configuration');
const send = (body: Record<string, unknown>) => api.patch('/config', { body });

describe('PATCH /config', () => {
  scenario({ area: 'Platform Configuration', operation: 'PATCH /config', section: 'Other operations that are named', basis: 'supplement' });
  let before: PlatformConfig;
  beforeAll(async () => {
    before = await currentConfig();
  });
  afterAll(async () => {
    // The platform's USD fee configuration put back, or deactivated (both fees 0, supplement §2) where it had none.
    const previous = before.feeConfigs?.find((f) => f.sourceCurrency === 'USD' && f.feeType === 'CROSS_CURRENCY_TRANSACTION');
    const off = { feeType: 'CROSS_CURRENCY_TRANSACTION', sourceCurrency: 'USD', variableFeeBps: 0, fixedFee: { amount: 0, currency: 'USD' } };
    expectStatus(await send({ feeConfigs: [previous ?? off], ...(before.cardTokenization2faConfig ? { cardTokenization2faConfig: before.cardTokenization2faConfig } : {}) }), 200, PlatformConfig, 'the platform configuration is restored');
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
