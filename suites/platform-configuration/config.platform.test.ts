// Interface: "Other operations that are named" / PATCH {base_url}/config: webhookEndpoint (string URL;
// must be publicly reachable over HTTPS); feeConfigs (... requires a USD source currency).
// Errors: the error body; FieldError paths. PlatformConfig, FeeConfig, the 501 NOT_IMPLEMENTED of a
// non-USD fee: basis: supplement (section 2). Exchange Rates ("Cached foreign-exchange rates, including
// platform-specific fees"; Limits: "rates include platform-specific fees"), GET /exchange-rates: basis:
// supplement (section 11). Platform-wide: runs in the sequential phase.
import { describe, expect, it } from 'vitest';
import { expectError, expectStatus, noteInterface } from '../../helpers/expect.js';
import { createQuote, eurDestination, quoteBody, requireVelocityFor, sender } from '../../helpers/flows/transfers.js';
import { untilPast } from '../../helpers/deadline.js';
import { api, capabilities } from '../../helpers/harness.js';
import { describeBounds, platformFeeChoices, receivingFor, within } from '../../helpers/money.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { fieldErrorsOf } from '../../helpers/schemas/errors.js';
import { PlatformConfig } from '../../helpers/schemas/index.js';
import { ExchangeRateList } from '../../helpers/schemas/exchange-rates.js';

const currentConfig = async () => expectStatus(await api.get('/config'), 200, PlatformConfig, 'GET /config returns the platform configuration');
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
    const fieldErrors = fieldErrorsOf(body);
    if (fieldErrors) expect(fieldErrors.map((e) => e.field)).toContain('webhookEndpoint');
    expect((await currentConfig()).webhookEndpoint, 'a refused PATCH changes nothing').toBe(before.webhookEndpoint);
  });

  it('refuses a webhookEndpoint that is not a URL', async () => {
    const before = await currentConfig();
    const res = await api.patch('/config', { body: { webhookEndpoint: 'not a url' } });
    expectError(res, 400, undefined, 'PATCH /config: webhookEndpoint is a string URL');
    expect((await currentConfig()).webhookEndpoint).toBe(before.webhookEndpoint);
  });

  it('refuses feeConfigs with a non-USD source currency with 501 NOT_IMPLEMENTED and keeps the fee configuration; the USD one is accepted', async () => {
    await basisSupplement('FeeConfig sourceCurrency USD only, else 501 NOT_IMPLEMENTED (section 2)');
    const before = await currentConfig();
    const res = await api.patch('/config', { body: { feeConfigs: [fee('EUR')] } });
    // The interface names no status for this refusal; the supplement's is 501 NOT_IMPLEMENTED.
    expectError(res, 501, 'NOT_IMPLEMENTED', 'PATCH /config: feeConfigs require a USD source currency (supplement: sourceCurrency USD only; else 501 NOT_IMPLEMENTED)');
    noteInterface('platform-configuration:fee-non-usd-status', [
      'PATCH /config: feeConfigs (standing platform fee ...; applies to cross-currency transactions; requires a USD source currency); no status is shown',
      'supplement 2: sourceCurrency* (USD only; else 501 NOT_IMPLEMENTED)',
    ], `refused with ${res.status}`);
    const after = await currentConfig();
    expect(after.feeConfigs ?? [], 'a refused PATCH changes no fee configuration').toEqual(before.feeConfigs ?? []);
    // Control: the same configuration with a USD source is accepted; then the platform's own USD
    // configuration is put back (or, where it had none, both fees 0 deactivate it: supplement 2).
    const previous = before.feeConfigs?.find((f) => f.sourceCurrency === 'USD' && f.feeType === 'CROSS_CURRENCY_TRANSACTION');
    try {
      const usd = expectStatus(await api.patch('/config', { body: { feeConfigs: [fee('USD')] } }), 200, PlatformConfig, 'PATCH /config: feeConfigs with a USD source currency');
      expect(usd.feeConfigs?.find((f) => f.sourceCurrency === 'USD'), 'the USD fee configuration is in force').toMatchObject({ variableFeeBps: 25, fixedFee: { amount: 10 } });
    } finally {
      expectStatus(await api.patch('/config', { body: { feeConfigs: [previous ?? fee('USD', 0)] } }), 200, PlatformConfig, 'the USD fee configuration the platform had is restored');
    }
  });

  it('prices a cross-currency quote with the standing USD fee: fixed + basis points of the amount, to the cent', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a sender');
    requireVelocityFor(ctx, 2);
    await basisSupplement('FeeConfig {feeType, sourceCurrency, variableFeeBps, fixedFee}; PATCH merges, both fees 0 deactivates (section 2)');
    const { customerId, accounts } = await sender({ USD: 500_000 });
    const destination = await eurDestination(customerId);
    // Platform-wide configuration is the partner's: whatever USD fee configuration was in force is put back.
    const previous = (await currentConfig()).feeConfigs?.find((f) => f.sourceCurrency === 'USD' && f.feeType === 'CROSS_CURRENCY_TRANSACTION');
    try {
      const configured = expectStatus(await api.patch('/config', { body: { feeConfigs: [fee('USD')] } }), 200, PlatformConfig, 'PATCH /config: a USD fee configuration');
      expect(configured.feeConfigs?.some((f) => f.sourceCurrency === 'USD' && f.variableFeeBps === 25 && f.fixedFee.amount === 10), 'the configured fee is in force').toBe(true);
      const quote = await createQuote(quoteBody(accounts.USD.id, destination.id, 250_000));
      // 10 fixed + 25 bps of the amount: of 250 000, 635 cents exactly; the amount the bps apply to is not stated (money.ts).
      const charged = quote.platformFeesIncluded ?? Number.NaN;
      const expected = platformFeeChoices({ fixed: 10, bps: 25 }, quote.totalSendingAmount, { total: quote.feesIncluded, other: quote.feesIncluded - charged });
      expect(expected.some((b) => within(b, charged)), `feeConfigs: the standing platform fee, fixed + variable rate in basis points: ${expected.map(describeBounds).join(' or ')}, got ${quote.platformFeesIncluded}`).toBe(true);
    } finally {
      // PATCH merges by (feeType, sourceCurrency): the previous configuration back, or both fees 0 (deactivated).
      expectStatus(await api.patch('/config', { body: { feeConfigs: [previous ?? fee('USD', 0)] } }), 200, PlatformConfig, 'the USD fee configuration the platform had is restored');
    }
    if (!previous) {
      const same = await createQuote(quoteBody(accounts.USD.id, destination.id, 250_000));
      expect(same.platformFeesIncluded ?? 0, 'with the configuration deactivated, no platform fee').toBe(0);
    }
  });

  it('includes the standing USD fee in GET /exchange-rates: for one sendingAmount the amount received falls by the fee\'s worth at the cached rate, or fees.total grows by it', async (ctx) => {
    // A rate cached with its fee may keep it for the cache age (Limits: about 5 minutes): each read after
    // a fee change waits the longest such change takes at the target (SVC_RATE_FEE_CHANGE_MS).
    const settle = capabilities.rateFeeChangeMs;
    requireCapability(ctx, settle <= capabilities.waitBudgetMs, `the target may take up to ${settle} ms to show a fee change in GET /exchange-rates (SVC_RATE_FEE_CHANGE_MS), beyond the wait budget (SVC_WAIT_BUDGET_MS ${capabilities.waitBudgetMs} ms)`);
    await basisSupplement('FeeConfig (section 2); GET /exchange-rates sendingAmount -> {receivingAmount, exchangeRate, fees} (section 11)');
    const previous = (await currentConfig()).feeConfigs?.find((f) => f.sourceCurrency === 'USD' && f.feeType === 'CROSS_CURRENCY_TRANSACTION');
    const configure = async (variableFeeBps: number) => {
      expectStatus(await api.patch('/config', { body: { feeConfigs: [fee('USD', variableFeeBps)] } }), 200, PlatformConfig, 'PATCH /config: a USD fee configuration');
      if (settle > 0) await untilPast(new Date(Date.now() + settle).toISOString(), 0);
    };
    let rail: string | undefined;
    const read = async () => {
      const { data } = expectStatus(await api.get('/exchange-rates', { query: { sourceCurrency: 'USD', destinationCurrency: 'EUR', sendingAmount: 250_000 } }), 200, ExchangeRateList, 'supplement 11: GET /exchange-rates answers {data[…]}; Description: ExchangeRateListResponse');
      expect(new Set(data.map((r) => r.destinationCurrency.code)), 'destinationCurrency=EUR: that corridor').toEqual(new Set(['EUR']));
      // How many rates a corridor has is not stated (each names its destinationPaymentRail): every read compares the rate of the rail the first read answered first.
      rail ??= data[0].destinationPaymentRail;
      const ofRail = data.find((r) => r.destinationPaymentRail === rail);
      expect(ofRail, `the EUR corridor keeps a rate for ${rail}`).toBeDefined();
      return ofRail!;
    };
    try {
      // Rates are cached about 5 minutes (Limits); a read without the fee on either side of the one with
      // it shows the cached rate held, else the three reads are made again.
      for (let attempt = 1; ; attempt++) {
        await configure(0);
        const without = await read();
        await configure(25);
        const withFee = await read();
        await configure(0);
        const again = await read();
        if (without.exchangeRate !== again.exchangeRate || without.receivingAmount !== again.receivingAmount) {
          expect(attempt, 'the cached rate changed between reads three times running (Limits: cache age about 5 minutes)').toBeLessThan(3);
          continue;
        }
        // 10 fixed + 25 bps of 250 000 = 635 cents. Each amount received is the net converted and
        // rounded (rounding unstated, under one unit), so the two differ by 635 at the rate, give or
        // take one unit beyond the bounds of the conversion.
        // The amount the bps apply to is not stated (money.ts): 250 000, or it less the other fees (fees.total without the platform fee) or all fees.
        const other = without.fees?.total ?? 0;
        const total = withFee.fees?.total ?? other;
        const choices = platformFeeChoices({ fixed: 10, bps: 25 }, 250_000, { total, other });
        const fee635 = { min: Math.min(...choices.map((b) => b.min)), max: Math.max(...choices.map((b) => b.max)) };
        const worth = receivingFor(fee635.max, without.exchangeRate, 2, 2);
        const worthLeast = receivingFor(fee635.min, without.exchangeRate, 2, 2);
        const drop = without.receivingAmount - withFee.receivingAmount;
        // Whether the fee comes out of sendingAmount or on top of it is not stated: either the amount
        // received falls by the fee's worth, or it stays and fees.total grows by the fee.
        const deducted = drop >= worthLeast.min - 1 && drop <= worth.max + 1;
        const feesAdded = (withFee.fees?.total ?? Number.NaN) - (without.fees?.total ?? Number.NaN);
        const onTop = Math.abs(drop) <= 1 && choices.some((b) => within(b, feesAdded));
        expect(deducted || onTop, `Exchange Rates: "rates include platform-specific fees": with a standing fee of ${describeBounds(fee635)} cents, the EUR received for 250 000 cents falls by its worth at ${without.exchangeRate} (${worthLeast.min - 1} to ${worth.max + 1}; it went from ${without.receivingAmount} to ${withFee.receivingAmount}), or stays while fees.total grows by the fee (it grew by ${feesAdded})`).toBe(true);
        break;
      }
    } finally {
      expectStatus(await api.patch('/config', { body: { feeConfigs: [previous ?? fee('USD', 0)] } }), 200, PlatformConfig, 'the USD fee configuration the platform had is restored');
    }
  });

  it('answers a malformed JSON body with a 400 error body, never a 5xx', async () => {
    const res = await api.patch('/config', { rawBody: '{"webhookEndpoint": ' });
    // Both documents are silent on which 400 code a body that is not JSON gets: the interface lists
    // INVALID_INPUT and INVALID_REQUEST_FORMAT without a meaning, the supplement (18) ties the latter to a
    // malformed UMA counterparty exchange only. Either is accepted, the one answered is recorded.
    const error = expectError(res, 400, ['INVALID_INPUT', 'INVALID_REQUEST_FORMAT'], 'Errors / 400: INVALID_INPUT, INVALID_REQUEST_FORMAT');
    noteInterface('errors:malformed-json-code', [
      'Errors / 400: ... `INVALID_INPUT`, ... `INVALID_REQUEST_FORMAT` ... (no meaning given for either)',
      'supplement 18: INVALID_REQUEST_FORMAT (400): lookup or quote, counterparty rejects / malformed',
    ], `PATCH /config with a body that is not JSON: 400 ${error.code}`);
    // Control: the same operation with a JSON body (no change asked) is answered 200.
    expectStatus(await api.patch('/config', { body: {} }), 200, PlatformConfig, 'PATCH /config with a JSON body');
  });
});
