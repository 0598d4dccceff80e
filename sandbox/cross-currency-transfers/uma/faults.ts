// Named faults of sandbox/cross-currency-transfers/uma/: the receiver lookups and the counterparty's
// legs (supplement 18). Each breaks one rule that this code implements, and is checked by name there.
import type { FaultEntry } from '../../fault-entry.js';

export const umaFaults = {
  // Limits
  'uma-receiver-range-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Description, CurrencyPreference: min/max "the minimum/maximum amount that can be received in this currency" (a quote delivering less than min accepted).',
  },
  'uma-payreq-version-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Supplement 18: UNSUPPORTED_UMA_VERSION (412) on the lookup or quote leg (a pay-request answer in an unsupported UMA version taken).',
  },
  // Errors / 400
  'uma-cert-expiry-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: CERT_CHAIN_EXPIRED (supplement 18: counterparty keys): an expired certificate chain is refused.',
  },
  'uma-cert-chain-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: CERT_CHAIN_INVALID (supplement 18: counterparty keys): a chain that does not lead to a trusted root is refused.',
  },
  'uma-payreq-nonce-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_NONCE (supplement 18: lookup or quote): a pay-request answer signed with a nonce seen before is refused.',
  },
  'uma-nonce-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_NONCE (supplement 18): a reused nonce is refused.',
  },
  'uma-payreq-signature-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_PAYREQ_RESPONSE (supplement 18: pay-request leg): a pay-request answer not signed by the counterparty\'s key is refused.',
  },
  'uma-pubkey-format-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_PUBKEY_FORMAT (supplement 18: counterparty keys): a malformed counterparty public key is refused.',
  },
  'uma-receiver-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_RECEIVER (supplement 18): an answer for another receiver than the one looked up is refused.',
  },
  'uma-payreq-refusal-ignored': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_REQUEST_FORMAT (supplement 18: counterparty rejects / malformed): the counterparty refused the pay request\'s format.',
  },
  'uma-timestamp-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_TIMESTAMP (supplement 18: counterparty rejects / malformed): a stale signed answer is refused.',
  },
  'uma-payreq-timestamp-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: INVALID_TIMESTAMP (supplement 18: lookup or quote): a pay-request answer signed with a stale timestamp is refused.',
  },
  'uma-sender-refusal-ignored': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Errors / 400: SENDER_NOT_ACCEPTED (supplement 18): a counterparty that does not accept the sender refuses the lookup.',
  },
  // Errors / 404
  'uma-lookup-never-expires': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Errors / 404: LOOKUP_REQUEST_NOT_FOUND (supplement 18: quote with an unknown/expired lookupId).',
  },
  'uma-unknown-400': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Errors / 404: UMA_NOT_FOUND (well-formed UMA address but no receiver at the counterparty).',
  },
  // Supplement 1, 18
  'uma-version-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Supplement 1, 18: 412 UNSUPPORTED_UMA_VERSION (version mismatch) when the counterparty answers in an UMA version the sender does not speak.',
  },
  'uma-counterparty-failure-400': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Supplement 1, 18: UMA counterparty failures are 424 (LNURLP_REQUEST_FAILED, PAYREQ_REQUEST_FAILED, COUNTERPARTY_PUBKEY_FETCH_ERROR, NO_COMPATIBLE_UMA_VERSION), not a 400 of the client.',
  },
  // Supplement 8
  'uma-quote-without-lookup-accepted': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Description, QuoteRequest.lookupId: "This is required for UMA destinations due to counterparty institution requirements" (a quote to an UMA address without one is accepted).',
  },
  // Supplement 8 and 18
  'receiver-lookup-sender-format-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/receiver-field-rules.test.ts'],
    rule: 'Supplement 8 and 18: senderUmaAddress is an UMA address, $user@domain (supplement 8\'s sandbox receivers); interface Errors: 400 INVALID_UMA_ADDRESS (lookup: supplement 18, inferred) (a malformed one is looked up).',
  },
  // Supplement 18
  'uma-lookup-single-use': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Supplement 18: LOOKUP_REQUEST_NOT_FOUND for an expired lookupId: the id expires with time (a target whose ids serve one quote and never expire refuses a used id, not an expired one).',
  },
  'uma-payer-data-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-lookup.test.ts'],
    rule: 'Supplement 18: senderCustomerInfo must carry each field the lookup asked for (requiredPayerDataFields, mandatory).',
  },
  'receiver-lookup-sender-optional': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/receiver-field-rules.test.ts'],
    rule: 'Supplement 18: the receiver lookups\' query is "senderUmaAddress or customerId" (a lookup with neither is refused 400 naming them).',
  },
  // Supplement 18 (lookup leg failed)
  'uma-lookup-signature-unchecked': {
    areas: ['cross-currency-transfers'],
    suites: ['cross-currency-transfers/uma-errors.test.ts'],
    rule: 'Supplement 18 (lookup leg failed): a lnurlp compliance answer not signed by the counterparty\'s published key is refused (the code is the target\'s declaration; the sandbox answers LOOKUP_REQUEST_FAILED).',
  },
} as const satisfies Record<string, FaultEntry>;
