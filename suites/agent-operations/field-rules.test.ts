// Every documented field rule of the agent's money and account bodies, with generated data
// (helpers/field-rules/agents.ts). basis: supplement (section 23: transfer-in/-out "bodies as
// /transfer-in/-out", POST /agents/me/quotes "201 Quote" with the body of POST /quotes,
// /agents/me/external-accounts POST; section 8: the transfer bodies and QuoteRequest; section 7: the
// external-account create request); interface: Errors (FieldError dot paths).
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectStatus } from '../../helpers/expect.js';
import { connectAgent, customerWithMoney, ME, ME_ACTIONS, ME_EXTERNAL_ACCOUNT, ME_EXTERNAL_ACCOUNTS, ME_QUOTE, ME_QUOTES, ME_TRANSFER_IN, ME_TRANSFER_OUT, type AgentClient } from '../../helpers/flows/agents.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { balanceOf, eurDestination, refusalsWithinVelocity, withinVelocity } from '../../helpers/flows/transfers.js';
import { api, capabilities } from '../../helpers/harness.js';
import { agentExternalAccountCreate, agentQuoteCreate, agentTransfer } from '../../helpers/field-rules/agents.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { fill } from '../../helpers/field-rules/quotes.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount, Page, Quote } from '../../helpers/schemas/index.js';
import { z } from 'zod';
import { Agent, AgentAction } from '../../helpers/schemas/agents.js';

type Body = Record<string, unknown>;
const TxnPage = Page(z.looseObject({ id: z.string() }));
const actionsOf = async (client: AgentClient) => (await walkPages(ME_ACTIONS, AgentAction, { limit: 100, auth: client.auth })).map((a) => a.id);

for (const direction of ['out', 'in'] as const) {
  const path = direction === 'out' ? ME_TRANSFER_OUT : ME_TRANSFER_IN;
  describe(`POST ${path}`, () => {
    scenario({ area: 'Agent Operations', operation: `POST ${path}`, section: 'Functional areas', basis: 'supplement' });

    it('refuses every body that breaks one documented field rule with 400 INVALID_INPUT naming the field; no action is made and no money moves', async (ctx) => {
      requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
      await basisSupplement(`section 23: transfer-${direction} bodies as /transfer-${direction}; section 8; generated, one rule broken per request`);
      const { customerId, usd, bank } = await customerWithMoney(100_000);
      const { client } = await connectAgent(customerId);
      const [from, to] = direction === 'out' ? [usd.id, bank.id] : [bank.id, usd.id];
      // The agent's usage counters (supplement 23) as they were: a refused request counts toward none. Only
      // the counters: the reset dates move on at midnight (UTC).
      const counters = (a: Agent) => ({ dailyTransactionCount: a.usage.dailyTransactionCount, dailySpend: a.usage.dailySpend, monthlySpend: a.usage.monthlySpend });
      const usage = counters(expectStatus(await client.get(ME), 200, Agent, 'supplement §23: GET /agents/me'));
      await checkRulesRefused({
        spec: agentTransfer(direction),
        // The customer's own accounts stand in for the generated ids (a rule about an id breaks it afterwards).
        // A pull names its amount: what one without pulls is not written (supplement §8 "amount?"), and a
        // request that breaks one rule must leave nothing else to refuse.
        complete: (b) => ({
          ...b,
          ...(direction === 'in' && b.amount === undefined ? { amount: 1_000 } : {}),
          source: { ...(b.source as Body), accountId: from },
          destination: { ...(b.destination as Body), accountId: to },
        }),
        send: (body) => client.post(path, { body }),
        unchanged: async (rule) => {
          expect(await actionsOf(client), `requests breaking ${rule.id} were refused and made no action`).toEqual([]);
          expect(await balanceOf(customerId, usd.id), `requests breaking ${rule.id} moved no money`).toBe(usd.balance.amount);
          // A payment started (its balance may move only later) shows as a transaction at once.
          const txns = expectStatus(await api.get('/transactions', { query: { customerId, limit: 100 } }), 200, TxnPage).data;
          expect(txns.map((t) => t.id), `requests breaking ${rule.id} started no transaction`).toEqual([]);
          expect(counters(expectStatus(await client.get(ME), 200, Agent)), `requests breaking ${rule.id} counted toward none of the agent's usage`).toEqual(usage);
        },
      });
    });
  });
}

describe(`POST ${ME_EXTERNAL_ACCOUNTS}`, () => {
  scenario({ area: 'Agent Operations', operation: `POST ${ME_EXTERNAL_ACCOUNTS}`, section: 'Functional areas', basis: 'supplement' });
  const spec = () => agentExternalAccountCreate(capabilities.counterpartyRules === true);

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and adds no account', async () => {
    await basisSupplement('section 23: POST /agents/me/external-accounts; section 7 create request per accountType; generated, one rule broken per request');
    const customer = await createCustomer(individual());
    const { client } = await connectAgent(customer.id);
    await checkRulesRefused({
      spec: spec(),
      send: (body) => client.post(ME_EXTERNAL_ACCOUNTS, { body }),
      unchanged: async (rule) => {
        const listed = await walkPages(ME_EXTERNAL_ACCOUNTS, ExternalAccount, { limit: 100, auth: client.auth });
        expect(listed.map((a) => a.id), `requests breaking ${rule.id} were refused and added no account for the agent's customer`).toEqual([]);
      },
    });
  });

  it('accepts valid requests of every account type for the agent\'s customer and reads them back as sent', async () => {
    await basisSupplement('section 23: POST /agents/me/external-accounts 201, GET /{id} 200; section 7 every variant');
    const customer = await createCustomer(individual());
    const { client } = await connectAgent(customer.id);
    await checkValidAccepted({
      spec: spec(),
      // One customer holds every account: a published invoice or offer is not sent twice.
      variants: (v) => v.name !== 'LIGHTNING',
      send: (body) => client.post(ME_EXTERNAL_ACCOUNTS, { body }),
      created: { status: 201, schema: ExternalAccount },
      readBack: (a) => client.get(ME_EXTERNAL_ACCOUNT, { params: { externalAccountId: a.id } }),
      then: async (_sent, created) => expect(created.customerId, 'supplement 23: the account is the agent\'s customer\'s').toBe(customer.id),
    });
  });
});

describe(`POST ${ME_QUOTES}`, () => {
  scenario({ area: 'Agent Operations', operation: `POST ${ME_QUOTES}`, section: 'Functional areas', basis: 'supplement' });

  /** A funded customer with a EUR account of its own, and its agent: the placeholders of a generated quote request. */
  async function agentParty(usd: number) {
    const { customerId, usd: account } = await customerWithMoney(usd);
    const destination = await eurDestination(customerId);
    const { client } = await connectAgent(customerId);
    return { client, customerId, account, ids: { source: account.id, destination: destination.id, customer: customerId } };
  }
  /** A realtime-funding amount locked on a USDC sending side counts millionths (6 decimals): scaled so it stays a payment of dollars. */
  const scaled = (b: Body) => {
    const source = b.source as Body | undefined;
    return source?.currency === 'USDC' && b.lockedCurrencySide === 'SENDING' && typeof b.lockedCurrencyAmount === 'number' ? { ...b, lockedCurrencyAmount: b.lockedCurrencyAmount * 10_000 } : b;
  };

  it('refuses every body that breaks one documented rule of POST /quotes with 400 naming the field; no quote is paid, no action is made and no money moves', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('section 23: POST /agents/me/quotes 201 Quote (body as POST /quotes), 400; section 8: QuoteRequest; generated, one rule broken per request');
    // A customer (and agent) per declared velocity's worth of requests (refusalsWithinVelocity); `complete` takes the party, `send` uses it.
    const parties = refusalsWithinVelocity(() => agentParty(100_000));
    let p: Awaited<ReturnType<typeof agentParty>>;
    await checkRulesRefused({
      spec: agentQuoteCreate(),
      complete: async (b) => {
        p = await parties.next();
        return scaled(fill(b, p.ids));
      },
      send: (body) => p.client.post(ME_QUOTES, { body }),
      unchanged: async (rule) => {
        for (const q of await parties.used()) {
          expect(await actionsOf(q.client), `requests breaking ${rule.id} were refused and made no action`).toEqual([]);
          const listed = expectStatus(await api.get('/transactions', { query: { customerId: q.customerId, limit: 100 } }), 200, TxnPage, 'supplement 8: GET /transactions').data;
          expect(listed.map((t) => t.id), `requests breaking ${rule.id} were refused and started no payment`).toEqual([]);
          expect(await balanceOf(q.customerId, q.account.id), `requests breaking ${rule.id} moved no money`).toBe(q.account.balance.amount);
        }
      },
    });
  });

  it('accepts valid bodies of every source shape, with and without a fee override: 201 Quote, read back by the agent with the source and destination sent', async (ctx) => {
    requireCapability(ctx, capabilities.sandboxTriggers, 'the target cannot fund a customer');
    await basisSupplement('section 23: POST /agents/me/quotes 201 Quote, GET /agents/me/quotes/{id} 200 (own quotes); section 8: every variant, optional fields present or not');
    const spec = agentQuoteCreate();
    // A customer per variant, and another at the declared velocity: a variant sends SVC_RULE_RUNS + 1.
    for (const variant of spec.variants) {
      const funded = withinVelocity(() => agentParty(500_000));
      // The party of the request being sent: `complete` takes it, `send` and `readBack` use it.
      let p!: Awaited<ReturnType<typeof agentParty>>;
      await checkValidAccepted({
        spec,
        variants: (v) => v.name === variant.name,
        complete: async (b) => {
          p = await funded();
          return scaled(fill(b, p.ids));
        },
        send: (body) => p.client.post(ME_QUOTES, { body }),
        created: { status: 201, schema: Quote },
        readBack: (q) => p.client.get(ME_QUOTE, { params: { quoteId: q.id } }),
        // Supplement 8: Quote source*, destination* carry the request's; the amounts are the quote's own arithmetic.
        echoes: (path) => path.startsWith('source.') || path.startsWith('destination.'),
      });
    }
  });
});
