// Temporary: other areas still import these from here; their imports move to state.ts at merge.
export { adjustBalance, assertCanMoveMoney, getInternalAccount, internalAccounts, type InternalAccountRecord } from './state.js';
