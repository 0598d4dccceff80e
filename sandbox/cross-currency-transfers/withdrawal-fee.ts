// openapi.yaml, estimateCryptoWithdrawalFee: POST /crypto/estimate-withdrawal-fee estimates the
// network and application fees of a withdrawal from a crypto internal account to a blockchain
// address. The request is EstimateCryptoWithdrawalFeeRequest (every member required, amount an
// integer in the smallest unit); an unknown internal account answers 404 ("Internal account not
// found"), a bad body 400. The fee values are this sandbox's choice (sandbox/README.md): the
// documents fix none.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { CRYPTO } from '../currencies.js';
import { invalidInput } from '../http/errors.js';
import { getInternalAccount } from '../internal-accounts/state.js';

/** The asset each network's fee is paid in (openapi.yaml, EstimateCryptoWithdrawalFeeResponse: "e.g. SOL for Solana transactions"). */
const NETWORK_FEE_ASSET: Record<string, string> = {
  SOLANA: 'SOL',
  ETHEREUM: 'ETH',
  BASE: 'ETH',
  POLYGON: 'POL',
  BITCOIN: 'BTC',
  LIGHTNING: 'BTC',
  SPARK: 'BTC',
};

/** The sandbox's network fee, in the smallest unit of the fee asset. */
export const SANDBOX_NETWORK_FEE = 5000;
/** The same fee in the smallest unit of the withdrawal currency (the sandbox converts at a fixed rate). */
export const SANDBOX_NETWORK_FEE_IN_CURRENCY = 1000;

const EstimateCryptoWithdrawalFeeRequest = z.object({
  internalAccountId: z.string().min(1),
  currency: z.string().min(1),
  cryptoNetwork: z.string().min(1),
  amount: z.number().int(),
  destinationAddress: z.string().min(1),
});

export function withdrawalFeeRoute(app: FastifyInstance): void {
  const { ctx } = app;
  const f = ctx.faults;
  app.post('/crypto/estimate-withdrawal-fee', async (req) => {
    const body = parse(EstimateCryptoWithdrawalFeeRequest, req.body);
    const account = f.has('withdrawal-fee-unknown-account-answered') ? undefined : getInternalAccount(ctx, body.internalAccountId);
    // Any known account is estimated; the alternate refuses one that holds no crypto (the operation is
    // for "a withdrawal from a crypto internal account").
    if (account && !CRYPTO.has(account.currency) && ctx.choices.alternate('withdrawal-fee-crypto-account-only')) {
      throw invalidInput([{ field: 'internalAccountId', message: `a crypto internal account (${account.id} holds ${account.currency})` }]);
    }
    const applicationFee = 0;
    const totalFee = SANDBOX_NETWORK_FEE_IN_CURRENCY + applicationFee;
    return {
      networkFee: SANDBOX_NETWORK_FEE,
      networkFeeAsset: NETWORK_FEE_ASSET[body.cryptoNetwork.toUpperCase()] ?? body.cryptoNetwork,
      applicationFee,
      totalFee,
      netAmount: Math.max(body.amount - totalFee, 0),
    };
  });
}
