// What the documents say of the directory lists, as rule ids a scenario records when it has judged
// them (reports/coverage.md, field rules). Supplement section 1: limit 1–100 and cursor, except
// /exchange-rates and /discoveries, which answer just {data}; section 11: /exchange-rates
// sourceCurrency, destinationCurrency (repeatable), sendingAmount (default 10000); section 18:
// /uma-providers countryCode?, currencyCode?, hasBlockedProviders? (default include), paging,
// sortOrder; section 21: /discoveries country?, currency?; /vasps limit, cursor.
import { LIST_RULES } from './lists.js';

export function directoryRules(): Record<string, string[]> {
  return {
    'GET /vasps': [LIST_RULES.pagingOnce, LIST_RULES.limitRange],
    'GET /discoveries': [LIST_RULES.filter('country'), LIST_RULES.filter('currency')],
    'GET /exchange-rates': [LIST_RULES.filter('sourceCurrency'), LIST_RULES.filter('destinationCurrency'), LIST_RULES.filter('sendingAmount')],
    'GET /uma-providers': [LIST_RULES.pagingOnce, LIST_RULES.limitRange, LIST_RULES.filter('countryCode'), LIST_RULES.filter('currencyCode'), LIST_RULES.filter('hasBlockedProviders'), LIST_RULES.filter('sortOrder')],
  };
}
