// Interface: "Other operations that are named" / PATCH {base_url}/config: webhookEndpoint (string URL;
// must be publicly reachable over HTTPS); feeConfigs (... requires a USD source currency).
// Errors: the error body; FieldError paths. Platform-wide: runs in the sequential phase.
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { api } from '../../helpers/harness.js';
import { noteInterface } from '../../helpers/expect.js';
import { scenario } from '../../helpers/scenario.js';

interface Config { webhookEndpoint?: string | null; feeConfigs?: { sourceCurrency: string; feeType: string }[] }
const currentConfig = async () => expectStatus(await api.get('/config'), 200) as Config;
const fee = (sourceCurrency: string, variableFeeBps = 25) => ({
  feeType: 'CROSS_CURRENCY_TRANSACTION',
  sourceCurrency,
  variableFeeBps,
  fixedFee: { amount: variableFeeBps ? 10 : 0, currency: sourceCurrency },
});

describe('PATCH /config', () => {
  scenario({ area: 'Platform Configuration', operation: 'PATCH /config', section: 'Other operations that are named' });

  it('refuses a webhookEndpoint that is not HTTPS, naming the field, and keeps the configured one', async () => {
    const before = await currentConfig();
    const res = await api.patch('/config', { body: { webhookEndpoint: 'http://hooks.example.com/svc' } });
    const body = expectError(res, 400, undefined, 'PATCH /config: webhookEndpoint must be publicly reachable over HTTPS');
    if (body.details?.errors) expect(body.details.errors.map((e) => e.field)).toContain('webhookEndpoint');
    expect((await currentConfig()).webhookEndpoint, 'a refused PATCH changes nothing').toBe(before.webhookEndpoint);
  });

  it('refuses a webhookEndpoint that is not a URL', async () => {
    const before = await currentConfig();
    const res = await api.patch('/config', { body: { webhookEndpoint: 'not a url' } });
    expectError(res, 400, undefined, 'PATCH /config: webhookEndpoint is a string URL');
    expect((await currentConfig()).webhookEndpoint).toBe(before.webhookEndpoint);
  });

  it('refuses feeConfigs with a non-USD source currency and keeps the fee configuration', async () => {
    const before = await currentConfig();
    const res = await api.patch('/config', { body: { feeConfigs: [fee('EUR')] } });
    // The interface names no status for this refusal; 400 (field validation) and the supplement's
    // 501 NOT_IMPLEMENTED are both accepted, and the choice is noted.
    expect([400, 501], `feeConfigs require a USD source currency; ${res.exchange.method} ${res.exchange.path} answered ${res.status}`).toContain(res.status);
    expectError(res, res.status, undefined, 'PATCH /config: feeConfigs require a USD source currency');
    noteInterface('platform-configuration:fee-non-usd-status', [
      'feeConfigs (standing platform fee ...; applies to cross-currency transactions; requires a USD source currency)',
    ], `refused with ${res.status} ${String((res.body as { code?: string }).code)}`);
    const after = await currentConfig();
    expect((after.feeConfigs ?? []).filter((f) => f.sourceCurrency === 'EUR')).toEqual((before.feeConfigs ?? []).filter((f) => f.sourceCurrency === 'EUR'));
  });

  it('accepts feeConfigs with a USD source currency', async () => {
    // Platform-wide configuration is the partner's: whatever USD fee configuration was in force is put back.
    const previous = (await currentConfig()).feeConfigs?.find((f) => f.sourceCurrency === 'USD' && f.feeType === 'CROSS_CURRENCY_TRANSACTION');
    try {
      const res = await api.patch('/config', { body: { feeConfigs: [fee('USD')] } });
      const config = expectStatus(res, 200, undefined, 'PATCH /config: feeConfigs with a USD source currency') as Config;
      expect(config.feeConfigs?.some((f) => f.sourceCurrency === 'USD'), 'the USD fee configuration is in force').toBe(true);
    } finally {
      // basis: supplement (section 2): PATCH merges by (feeType, sourceCurrency); both fees 0 deactivates.
      const restore = await api.patch('/config', { body: { feeConfigs: [previous ?? fee('USD', 0)] } });
      expect(restore.status, `restoring the USD fee configuration the platform had: ${restore.text.slice(0, 200)}`).toBe(200);
    }
  });

  it('answers a malformed JSON body with a 400 error body, never a 5xx', async () => {
    const res = await api.patch('/config', { rawBody: '{"webhookEndpoint": ' });
    expectError(res, 400, ['INVALID_INPUT', 'INVALID_REQUEST_FORMAT'], 'Errors / 400: INVALID_INPUT, INVALID_REQUEST_FORMAT');
  });
});
