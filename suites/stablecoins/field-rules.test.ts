// Every documented field rule of the stablecoin creates, both ways, with generated data
// (helpers/field-rules/stablecoins.ts holds the rules and their citations). Interface: functional area
// Stablecoins, Errors (FieldError dot paths); basis: supplement (section 22: the request tables,
// "amount must equal whole fiat cents at the token's decimals", "Every POST requires Idempotency-Key":
// each generated request carries a key of its own).
import { describe, expect, it } from 'vitest';
import { walkPages } from '../../helpers/flows/pages.js';
import {
  BURNS, COIN, COINS, LINK, LINKS, MINTS, OPERATION, OPERATIONS, linkAccount, linkedToken, needStablecoins, platformBankAccount, post, sparkWallet,
} from '../../helpers/flows/stablecoins.js';
import { api, capabilities } from '../../helpers/harness.js';
import { checkRulesRefused, checkValidAccepted } from '../../helpers/field-rules/check.js';
import { getPath } from '../../helpers/field-rules/rules.js';
import {
  BURN_CREATE, COIN_REGISTER, LINK_CREATE, MINT_CREATE, burnCreate, coinRegister, linkCreate, mintCreate, type OperationContext,
} from '../../helpers/field-rules/stablecoins.js';
import { basisSupplement, scenario } from '../../helpers/scenario.js';
import { ProviderAccount, Stablecoin, StablecoinOperation } from '../../helpers/schemas/stablecoins.js';

type Body = Record<string, unknown>;
/** A value the documents do not say the record shows again (a write-only secret; where an operation shows its funding): absent is as good as echoed. */
const mayBeAbsent = () => [undefined];

describe(LINK_CREATE, () => {
  scenario({ area: 'Stablecoins', operation: LINK_CREATE, section: 'What the service does', basis: 'supplement' });
  const send = (body: Body) => post(LINKS, body);

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and links nothing', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 22: {provider*, apiClientId*, apiClientSecret*, providerAccountId?}; generated, one rule broken per request');
    const marker = `refused-${Date.now().toString(36)}`;
    let n = 0;
    await checkRulesRefused({
      independent: true,
      spec: linkCreate(capabilities.stablecoins.provider!),
      // Each refused request names a provider account of its own (unless its rule is about that field).
      complete: (b) => ({ ...b, providerAccountId: `${marker}-${n++}` }),
      send,
      unchanged: async (rule) => {
        const made = (await walkPages(LINKS, ProviderAccount, { limit: 100 })).filter((l) => l.providerAccountId.startsWith(marker));
        expect(made.map((l) => l.id), `requests breaking ${rule.id} were refused and linked nothing`).toEqual([]);
      },
    });
  });

  it('accepts valid requests and reads the link back as sent, never answering the write-only credentials', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 22: 201 ProviderAccount; GET /stablecoin-provider-accounts/{id}; apiClientSecret write-only');
    await checkValidAccepted({
      spec: linkCreate(capabilities.stablecoins.provider!),
      send,
      created: { status: 201, schema: ProviderAccount },
      readBack: (l) => api.get(LINK, { params: { stablecoinProviderAccountId: l.id } }),
      // ProviderAccount shows neither credential (apiClientSecret is write-only; apiClientId is not a field of the record).
      aliases: { apiClientId: mayBeAbsent, apiClientSecret: mayBeAbsent },
    });
  });
});

describe(COIN_REGISTER, () => {
  scenario({ area: 'Stablecoins', operation: COIN_REGISTER, section: 'What the service does', basis: 'supplement' });
  const send = (body: Body) => post(COINS, body);

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and registers nothing', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 22: {providerTokenIdentifier*, networkTokenIdentifier*, network*: SPARK, stablecoinProviderAccountId?}; generated');
    const link = await linkAccount();
    const marker = `refused-${link.id.slice(-8)}`;
    let n = 0;
    await checkRulesRefused({
      independent: true,
      spec: coinRegister(link.id),
      // Every request names the link (several links are ACTIVE: none named would be SELECTION_REQUIRED) and a token of its own.
      complete: (b) => ({ stablecoinProviderAccountId: link.id, ...b, providerTokenIdentifier: `${marker}-${n++}` }),
      send,
      unchanged: async (rule) => {
        const made = (await walkPages(COINS, Stablecoin, { limit: 100 })).filter((c) => c.providerTokenIdentifier.startsWith(marker));
        expect(made.map((c) => c.id), `requests breaking ${rule.id} were refused and registered nothing`).toEqual([]);
      },
    });
  });

  it('accepts valid requests and reads the stablecoin back as sent', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 22: 201 Stablecoin; GET /stablecoins/{id}');
    const link = await linkAccount();
    await checkValidAccepted({
      spec: coinRegister(link.id),
      complete: (b) => ({ stablecoinProviderAccountId: link.id, ...b }),
      send,
      created: { status: 201, schema: Stablecoin },
      readBack: (c) => api.get(COIN, { params: { stablecoinId: c.id } }),
    });
  });
});

/** A token of a link of its own, a SPARK wallet and a bank account: what a mint and a burn name. */
async function operationContext() {
  const { coin } = await linkedToken();
  const [spark, bank] = [await sparkWallet(), await platformBankAccount()];
  const c: OperationContext = { decimals: coin.decimals, sparkWalletId: spark.id, bankAccountId: bank.id };
  const noOperations = async (what: string) =>
    expect((await walkPages(OPERATIONS, StablecoinOperation, { params: { stablecoinId: coin.id }, limit: 100 })).map((o) => o.id), `${what} were refused and created no operation of ${coin.id}`).toEqual([]);
  return { coin, c, noOperations };
}

describe(MINT_CREATE, () => {
  scenario({ area: 'Stablecoins', operation: MINT_CREATE, section: 'Endpoints', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and creates no operation', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 22: mint {amount*: digit string, fundingSource*, destination*{accountId*}, description? ≤1024}; whole cents; generated');
    const { coin, c, noOperations } = await operationContext();
    await checkRulesRefused({
      spec: mintCreate(c),
      send: (body) => post(MINTS, body, { params: { stablecoinId: coin.id } }),
      unchanged: (rule) => noOperations(`mints breaking ${rule.id}`),
    });
  });

  it('accepts valid requests of every funding kind and reads the operation back with the amount, destination and description sent', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 22: 201 operation MINT; GET /stablecoin-operations/{id}');
    const { coin, c } = await operationContext();
    await checkValidAccepted({
      spec: mintCreate(c),
      send: (body) => post(MINTS, body, { params: { stablecoinId: coin.id } }),
      created: { status: 201, schema: StablecoinOperation },
      readBack: (op) => api.get(OPERATION, { params: { stablecoinOperationId: op.id } }),
      // The operation record has `source?` but no `fundingSource`: where a mint shows its funding is not stated.
      aliases: { 'fundingSource.type': mayBeAbsent, 'fundingSource.externalAccountId': mayBeAbsent },
      then: async (_sent, op) => expect(op, 'supplement §22: a mint creates an operation MINT of this token').toMatchObject({ operationType: 'MINT', stablecoinId: coin.id }),
    });
  });
});

describe(BURN_CREATE, () => {
  scenario({ area: 'Stablecoins', operation: BURN_CREATE, section: 'Endpoints', basis: 'supplement' });

  it('refuses every request that breaks one documented field rule with 400 INVALID_INPUT naming the field, and creates no operation', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 22: burn {amount*, source*, destination*{type*: EXTERNAL_ACCOUNT, externalAccountId*, rail*}, description?}; generated');
    const { coin, c, noOperations } = await operationContext();
    await checkRulesRefused({
      spec: burnCreate(c),
      send: (body) => post(BURNS, body, { params: { stablecoinId: coin.id } }),
      unchanged: (rule) => noOperations(`burns breaking ${rule.id}`),
    });
  });

  it('accepts valid requests of every source and reads the operation back with the amount, destination, rail and description sent', async (ctx) => {
    needStablecoins(ctx);
    await basisSupplement('section 22: 201 operation BURN; Operation destination?{accountId*, rail?}; GET /stablecoin-operations/{id}');
    const { coin, c } = await operationContext();
    await checkValidAccepted({
      spec: burnCreate(c),
      send: (body) => post(BURNS, body, { params: { stablecoinId: coin.id } }),
      created: { status: 201, schema: StablecoinOperation },
      readBack: (op) => api.get(OPERATION, { params: { stablecoinOperationId: op.id } }),
      // The operation's destination is {accountId*, rail?}: the bank account sent shows as destination.accountId (checked below).
      aliases: { 'source.type': mayBeAbsent, 'destination.type': mayBeAbsent, 'destination.externalAccountId': mayBeAbsent },
      then: async (sent, op) => {
        expect(op, 'supplement §22: a burn creates an operation BURN of this token').toMatchObject({ operationType: 'BURN', stablecoinId: coin.id });
        expect(op.destination?.accountId, 'supplement §22: the operation\'s destination.accountId is the bank account the burn names').toBe(getPath(sent, 'destination.externalAccountId'));
      },
    });
  });
});
