// openapi.yaml, estimateCryptoWithdrawalFee: POST /crypto/estimate-withdrawal-fee estimates the fees
// of a withdrawal from a crypto internal account to a blockchain address. The request is
// EstimateCryptoWithdrawalFeeRequest (internalAccountId, currency, cryptoNetwork, amount and
// destinationAddress, all required); 200 answers EstimateCryptoWithdrawalFeeResponse, 400 a bad
// request, 404 "Internal account not found". The description fixes no fee amount, so none is asserted.
import { describe, it } from 'vitest';
import { expectError, expectStatus } from '../../helpers/expect.js';
import { sender } from '../../helpers/flows/transfers.js';
import { api } from '../../helpers/harness.js';
import { scenario } from '../../helpers/scenario.js';
import { EstimateCryptoWithdrawalFeeResponse } from '../../helpers/schemas/index.js';

const PATH = '/crypto/estimate-withdrawal-fee';

/** The request of the description's example estimateUSDCWithdrawal, from the given account. */
const request = (internalAccountId: string) => ({
  internalAccountId,
  currency: 'USDC',
  cryptoNetwork: 'SOLANA',
  amount: 1_000_000,
  destinationAddress: '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAsU',
});

describe('POST /crypto/estimate-withdrawal-fee', () => {
  scenario({ area: 'Cross-Currency Transfers', operation: 'POST /crypto/estimate-withdrawal-fee', section: 'Endpoints' });

  it('answers an estimate for a crypto internal account, 400 to a body missing a required member, and 404 to an unknown account', async () => {
    const { accounts } = await sender({ USDC: 0 });
    const body = request(accounts.USDC.id);
    expectStatus(await api.post(PATH, { body }), 200, EstimateCryptoWithdrawalFeeResponse, 'openapi.yaml, estimateCryptoWithdrawalFee: 200 answers EstimateCryptoWithdrawalFeeResponse');
    for (const member of Object.keys(body) as (keyof typeof body)[]) {
      const { [member]: _left, ...rest } = body;
      expectError(await api.post(PATH, { body: rest }), 400, undefined, `openapi.yaml, EstimateCryptoWithdrawalFeeRequest: ${member} is required (400 "Bad request - Invalid parameters")`);
    }
    expectError(
      await api.post(PATH, { body: request('InternalAccount:00000000-0000-4000-8000-00000000f404') }),
      404,
      undefined,
      'openapi.yaml, estimateCryptoWithdrawalFee: 404 "Internal account not found"',
    );
  });
});
