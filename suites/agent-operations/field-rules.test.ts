// Every documented field rule of the agent's money and account bodies, with generated data
// (helpers/requests/agents.ts). basis: supplement (section 23: transfer-in/-out "bodies as
// /transfer-in/-out", /agents/me/external-accounts POST; section 8: the transfer bodies; section 7: the
// external-account create request); interface: Errors (FieldError dot paths).
import { describe, expect, it } from 'vitest';
import { individual } from '../../fixtures/customers.js';
import { expectStatus } from '../../helpers/expect.js';
import { connectAgent, customerWithMoney, ME_ACTIONS, ME_EXTERNAL_ACCOUNT, ME_EXTERNAL_ACCOUNTS, ME_TRANSFER_IN, ME_TRANSFER_OUT, type AgentClient } from '../../helpers/flows/agents.js';
import { createCustomer } from '../../helpers/flows/customers.js';
import { walkPages } from '../../helpers/flows/pages.js';
import { balanceOf } from '../../helpers/flows/transfers.js';
import { capabilities } from '../../helpers/harness.js';
import { agentExternalAccountCreate, agentTransfer } from '../../helpers/requests/agents.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/requests/check.js';
import { basisSupplement, requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount } from '../../helpers/schemas.js';
import { AgentAction } from '../../helpers/schemas/agents.js';

type Body = Record<string, unknown>;
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
      await checkRulesRefused({
        spec: agentTransfer(direction),
        // The customer's own accounts stand in for the generated ids (a rule about an id breaks it afterwards).
        complete: (b) => ({ ...b, source: { ...(b.source as Body), accountId: from }, destination: { ...(b.destination as Body), accountId: to } }),
        send: (body) => client.post(path, { body }),
        unchanged: async (rule) => {
          expect(await actionsOf(client), `requests breaking ${rule.id} were refused and made no action`).toEqual([]);
          expect(await balanceOf(customerId, usd.id), `requests breaking ${rule.id} moved no money`).toBe(usd.balance.amount);
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
