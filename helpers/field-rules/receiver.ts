// Request rules of the receiver lookups (supplement §18): GET /receiver/uma/{receiverUmaAddress} takes
// the query "`senderUmaAddress` or `customerId`", GET /receiver/external-account/{accountId} "same".
// Read as: at least one of the two is given (the table marks neither optional, unlike its other
// queries' `?`); nothing is said of both together, so no rule refuses both. A query's values are
// text: no type rule. senderUmaAddress is an UMA address, `$user@domain` (supplement §8's sandbox
// receivers `$success.usd@sandbox.uma.money`; interface Errors: 400 INVALID_UMA_ADDRESS, tied to the
// lookup by supplement §18's mapping, inferred there): a malformed one may be refused as
// INVALID_INPUT or INVALID_UMA_ADDRESS (FieldErrors are not judged on a query). customerId is a customer's id
// (`<customer>`, filled by the scenario); its form is not documented.
import fc from 'fast-check';
import { notUma, umaError } from './invitations.js';
import { ruleIds, type RequestSpec } from './rules.js';

export type ReceiverLookup = 'GET /receiver/uma/{receiverUmaAddress}' | 'GET /receiver/external-account/{externalAccountId}';

export function receiverLookup(operation: ReceiverLookup): RequestSpec {
  const Q =
    operation === 'GET /receiver/uma/{receiverUmaAddress}'
      ? 'supplement §18: GET /receiver/uma/{receiverUmaAddress}, query "`senderUmaAddress` or `customerId`"'
      : 'supplement §18: GET /receiver/external-account/{accountId}, query "same" (as the UMA lookup: "`senderUmaAddress` or `customerId`")';
  return {
    operation,
    part: 'query',
    variants: [{
      name: 'lookup',
      fixed: {},
      fields: [
        {
          // The description: "UMA address of the sender", a customer's the scenario puts in place of `<sender>`.
          path: 'senderUmaAddress', type: 'string', valid: fc.constant('<sender>'),
          // A query's refusal: the status and code are judged, not FieldErrors (openapi.yaml describes them for bodies).
          format: { name: 'UMA address $user@domain', invalid: notUma }, error: { ...umaError, namesField: false },
          cite: `${Q}; supplement §8: UMA addresses $user@domain ($success.usd@sandbox.uma.money); interface Errors: 400 INVALID_UMA_ADDRESS (lookup: supplement §18, inferred)`,
        },
        { path: 'customerId', type: 'string', valid: fc.constant('<customer>'), cite: Q },
      ],
      oneOf: { paths: ['senderUmaAddress', 'customerId'], cite: `${Q}: at least one of them`, atLeastOne: true },
    }],
  };
}

export function receiverRules(): Record<string, string[]> {
  return {
    'GET /receiver/uma/{receiverUmaAddress}': ruleIds(receiverLookup('GET /receiver/uma/{receiverUmaAddress}')),
    'GET /receiver/external-account/{externalAccountId}': ruleIds(receiverLookup('GET /receiver/external-account/{externalAccountId}')),
  };
}
