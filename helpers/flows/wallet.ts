// Flows of API tokens and embedded-wallet auth as a client runs them. basis: supplement (sections 10,
// 17 and 20): the interface names neither operation set beyond the functional areas and the wallet
// signature headers.
import { randomUUID } from 'node:crypto';
import { expectStatus } from '../expect.js';
import { api } from '../harness.js';
import type { Auth } from '../client.js';
import { CreatedApiToken, type ApiToken } from '../schemas/wallet.js';

export const TOKENS = '/tokens';
export const TOKEN = '/tokens/{tokenId}';

export type CreatedToken = ApiToken & { clientSecret: string };

/** POST /tokens {name, permissions}: 201 ApiToken with its clientSecret. */
export async function createToken(permissions: string[], name = `conformance-${randomUUID().slice(0, 8)}`): Promise<CreatedToken> {
  const res = await api.post(TOKENS, { body: { name, permissions } });
  return expectStatus(res, 201, CreatedApiToken, 'supplement 20: POST /tokens answers 201 ApiToken with clientSecret (only time)') as CreatedToken;
}

/** Supplement 20: "A created token authenticates as Basic clientId:clientSecret". */
export const asToken = (token: { clientId: string; clientSecret: string }): Auth => ({
  authorization: `Basic ${Buffer.from(`${token.clientId}:${token.clientSecret}`).toString('base64')}`,
});
