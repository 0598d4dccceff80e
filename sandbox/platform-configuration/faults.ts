// Named faults of sandbox/platform-configuration/: each breaks one rule that this code implements, and is checked by
// name where that rule is. Grouped by the document section the rule cites.
import type { FaultEntry } from '../fault-entry.js';

export const platformConfigurationFaults = {
  // PATCH /config
  'fee-config-accepts-non-usd': {
    areas: ['platform-configuration'],
    rule: 'PATCH /config: feeConfigs ... requires a USD source currency.',
  },
  'config-accepts-http-webhook': {
    areas: ['platform-configuration'],
    rule: 'PATCH /config: webhookEndpoint (string URL; must be publicly reachable over HTTPS).',
  },
  // Supplement 2
  'card-2fa-branding-replaced': {
    areas: ['platform-configuration'],
    suites: ['platform-configuration/field-rules.platform.test.ts'],
    rule: 'Supplement 2: cardTokenization2faConfig (omitted nested fields unchanged): a PATCH keeps the branding fields it leaves out.',
  },
  'card-2fa-branding-nested-replaced': {
    areas: ['platform-configuration'],
    suites: ['platform-configuration/field-rules.platform.test.ts'],
    rule: 'Supplement 2: cardTokenization2faConfig (omitted nested fields unchanged): a PATCH of email or sms keeps their members it leaves out.',
  },
  'card-2fa-branding-unchecked': {
    areas: ['platform-configuration'],
    suites: ['platform-configuration/field-rules.platform.test.ts'],
    rule: 'Supplement 2: cardTokenization2faConfig displayName ≤255, logoUrl https ≤512, email.bodyText ≤2000, sms templateSid ≤64, bodyText ≤480.',
  },
  'card-2fa-display-name-short': {
    areas: ['platform-configuration'],
    suites: ['platform-configuration/field-rules.platform.test.ts'],
    rule: 'Supplement 2: cardTokenization2faConfig displayName ≤255: a name of 255 characters is accepted.',
  },
  'card-2fa-email-sender-dropped': {
    areas: ['platform-configuration'],
    suites: ['platform-configuration/field-rules.platform.test.ts'],
    rule: 'Supplement 2: cardTokenization2faConfig email{fromAddress, fromName, replyToAddress, subject, bodyText}: a valid change is stored and read back as sent.',
  },
} as const satisfies Record<string, FaultEntry>;
