// The field rules the suite declares, per operation: the denominator of the "field rules" part of
// the coverage report. Each operation's request spec (helpers/requests/<area>.ts) and list rules.
import { customerRules } from './customers.js';
import { externalAccountCreate } from './external-accounts.js';
import { LIST_RULES } from './lists.js';
import { ruleIds } from './rules.js';

export function declaredRules(): Record<string, string[]> {
  return {
    'POST /customers/external-accounts': ruleIds(externalAccountCreate('POST /customers/external-accounts', true)),
    'POST /platform/external-accounts': ruleIds(externalAccountCreate('POST /platform/external-accounts', true)),
    'GET /customers/external-accounts': [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('customerId'), LIST_RULES.filter('currency'), LIST_RULES.scope('customer')],
    'GET /platform/external-accounts': [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('currency'), LIST_RULES.scope('platform')],
    ...customerRules(),
  };
}
