// Interface: OwnershipVerifyRequest (signature "base64 for Bitcoin"; signatureScheme bip137 (default)
// or electrum, "Bitcoin message-signing format"); "Verify ownership with a wallet signature".
// The interface names no Bitcoin L1 account type: the target's Bitcoin-keyed type and the address
// forms it takes come from configuration (SVC_BITCOIN_WALLET_TYPE, SVC_BITCOIN_ADDRESS_FORMATS).
import { describe, expect, it, type TestContext } from 'vitest';
import { expectError, expectStatus, expectTransition } from '../../helpers/expect.js';
import { createPendingOwnershipWallet, getPlatformAccount, startWalletChallenge, verify, VERIFY } from '../../helpers/flows/external-accounts.js';
import { capabilities } from '../../helpers/harness.js';
import { requireCapability, scenario } from '../../helpers/scenario.js';
import { ExternalAccount } from '../../helpers/schemas/index.js';
import type { BitcoinAddressType } from '../../helpers/wallets/bitcoin.js';
import { wallets } from '../../helpers/wallets/index.js';

const PENDING = 'PENDING_OWNERSHIP_VERIFICATION';
const FORMS: BitcoinAddressType[] = ['p2pkh-uncompressed', 'p2pkh', 'p2sh-p2wpkh', 'p2wpkh', 'spark'];

async function pendingBitcoinWallet(ctx: TestContext, form: BitcoinAddressType) {
  const type = capabilities.bitcoinWalletType;
  requireCapability(ctx, Boolean(type), 'the target has no Bitcoin-keyed wallet account type (SVC_BITCOIN_WALLET_TYPE unset)');
  requireCapability(ctx, capabilities.bitcoinAddressForms.includes(form), `the target's ${type} takes no ${form} address (SVC_BITCOIN_ADDRESS_FORMATS)`);
  requireCapability(ctx, capabilities.counterpartyRules, 'the platform is not subject to counterparty rules');
  const wallet = wallets.bitcoin(type!, form);
  const account = await createPendingOwnershipWallet(wallet);
  return { wallet, account };
}

describe(`POST ${VERIFY}: Bitcoin message signatures`, () => {
  scenario({ area: 'External Accounts', operation: `POST ${VERIFY}`, section: 'OwnershipVerifyRequest' });

  it.for(FORMS)('accepts a bip137 signature for a %s address when signatureScheme is omitted (bip137 is the default)', async (form, ctx) => {
    const { wallet, account } = await pendingBitcoinWallet(ctx, form);
    const challenge = await startWalletChallenge(account.id);
    const res = await verify(account.id, { signature: await wallet.sign(challenge.messageToSign, 'bip137') });
    const verified = expectStatus(res, 200, ExternalAccount, 'OwnershipVerifyRequest: signatureScheme bip137 (default)');
    expectTransition('external-account', account.status, verified.status, PENDING, 'ACTIVE');
  });

  it.for(FORMS)('accepts an electrum signature for a %s address with signatureScheme electrum', async (form, ctx) => {
    const { wallet, account } = await pendingBitcoinWallet(ctx, form);
    const challenge = await startWalletChallenge(account.id);
    const res = await verify(account.id, { signature: await wallet.sign(challenge.messageToSign, 'electrum'), signatureScheme: 'electrum' });
    const verified = expectStatus(res, 200, ExternalAccount, 'OwnershipVerifyRequest: signatureScheme electrum (for Electrum/Sparrow wallets)');
    expectTransition('external-account', account.status, verified.status, PENDING, 'ACTIVE');
  });

  it.for(['p2sh-p2wpkh', 'p2wpkh'] as BitcoinAddressType[])('answers 400 to an electrum-format signature for a %s address sent as bip137', async (form, ctx) => {
    const { wallet, account } = await pendingBitcoinWallet(ctx, form);
    const challenge = await startWalletChallenge(account.id);
    const res = await verify(account.id, { signature: await wallet.sign(challenge.messageToSign, 'electrum'), signatureScheme: 'bip137' });
    expectError(res, 400, undefined, 'signatureScheme bip137: the header byte names the address type, and a P2PKH header does not fit a segwit address');
    expectTransition('external-account', account.status, (await getPlatformAccount(account.id)).status, PENDING, 'UNVERIFIED');
  });

  it('answers 400 to a Bitcoin signature by another key', async (ctx) => {
    const { account } = await pendingBitcoinWallet(ctx, 'p2wpkh');
    const challenge = await startWalletChallenge(account.id);
    const other = wallets.bitcoin(capabilities.bitcoinWalletType!, 'p2wpkh');
    const res = await verify(account.id, { signature: await other.sign(challenge.messageToSign) });
    expectError(res, 400, undefined, 'Verify responses: 400 for an invalid signature');
    expect((await getPlatformAccount(account.id)).status).toBe('UNVERIFIED');
  });
});
