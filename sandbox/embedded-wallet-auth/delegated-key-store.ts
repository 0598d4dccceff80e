// The delegated-key store (supplement 17): the keys, one funding-source id per card and account, the
// indexes the lists read, and the ACTIVE keys per card and account. A module of its own so that the
// delegated-key routes and the card decisioning (sandbox/cards, through state.ts) read one store.
import { areaState, type SandboxContext } from '../context.js';
import { KeyedOrder } from '../store/cursor-page.js';

export type DelegatedKeyStatus = 'PENDING' | 'ACTIVE' | 'REVOKED';

export interface DelegatedKey {
  id: string;
  cardId: string;
  fundingSourceId: string;
  accountId: string;
  publicKey: string;
  nickname: string;
  status: DelegatedKeyStatus;
  createdAt: string;
  updatedAt: string;
}

export const delegatedKeyStore = (ctx: SandboxContext) =>
  areaState(ctx, 'delegated-keys', () => ({
    keys: new Map<string, DelegatedKey>(),
    /** cardAccount(cardId, accountId) -> the card funding source's id. */
    fundingSources: new Map<string, string>(),
    /** Key ids in creation order, per account and per funding source (keys are never removed). */
    byAccount: new KeyedOrder(),
    byFundingSource: new KeyedOrder(),
    /** cardAccount(cardId, accountId) -> the ids of its ACTIVE keys (one, but for the fault delegated-key-second-active-accepted). */
    active: new Map<string, Set<string>>(),
  }));

/** The map key of a card and one of its funding accounts. */
export const cardAccount = (cardId: string, accountId: string) => `${cardId}|${accountId}`;

/** The statuses of the delegated keys made for a card and one of its embedded-wallet funding accounts, in creation order. */
export function delegatedKeyStatuses(ctx: SandboxContext, cardId: string, accountId: string): DelegatedKeyStatus[] {
  const st = delegatedKeyStore(ctx);
  const source = st.fundingSources.get(cardAccount(cardId, accountId));
  return source === undefined ? [] : st.byFundingSource.get(source).map((id) => st.keys.get(id)!.status);
}
