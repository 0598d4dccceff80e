// The field rules the suite declares, per operation: the denominator of the "field rules" part of
// the coverage report. Each operation's request spec (helpers/requests/<area>.ts) and list rules.
import { agentRules } from './agents.js';
import { customerRules } from './customers.js';
import { externalAccountCreate, externalAccountOwnershipRules } from './external-accounts.js';
import { LIST_RULES } from './lists.js';
import { cardRules } from './cards.js';
import { directoryRules } from './directories.js';
import { invitationRules } from './invitations.js';
import { quoteRules } from './quotes.js';
import { ruleIds } from './rules.js';
import { scaRules } from './sca.js';
import { stablecoinRules } from './stablecoins.js';
import { tokenRules } from './tokens.js';
import { transactionRules } from './transactions.js';
import { walletRules } from './wallet.js';

export function declaredRules(): Record<string, string[]> {
  return {
    ...agentRules(),
    ...externalAccountOwnershipRules(),
    ...quoteRules(),
    ...cardRules(),
    ...invitationRules(),
    ...transactionRules(),
    ...directoryRules(),
    'POST /customers/external-accounts': ruleIds(externalAccountCreate('POST /customers/external-accounts', true)),
    'POST /platform/external-accounts': ruleIds(externalAccountCreate('POST /platform/external-accounts', true)),
    'GET /customers/external-accounts': [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('customerId'), LIST_RULES.filter('currency'), LIST_RULES.scope('customer')],
    'GET /platform/external-accounts': [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('currency'), LIST_RULES.scope('platform')],
    ...tokenRules(),
    ...stablecoinRules(),
    ...scaRules(),
    ...walletRules(),
    ...customerRules(),
  };
}
