// The UMA and invitation declarations of a target: profile fields -> SVC_* variables -> capabilities,
// and a target that declares none has none (its scenarios skip with the reason).
import { describe, expect, it } from 'vitest';
import { parseProfile, profileVariables } from '../../helpers/target/profile.js';
import { profileCapabilities } from '../../helpers/target/settings.js';

const timings = { eventTimeoutMs: 1000, waitBudgetMs: 1000 };

describe('UMA trigger declarations', () => {
  it('carries trigger addresses, the lookup lifetime and the invitations switch from the profile to the capabilities', () => {
    const profile = parseProfile({
      triggers: { umaLookup: { CERT_CHAIN_EXPIRED: '$receiver@cert-expired.example.com' }, umaQuote: { QUOTE_REQUEST_FAILED: '$bob@payreq.example.com' }, invitationsSwitch: true },
      timings: { umaLookupTtlMs: 4000 },
    });
    expect(profileVariables(profile)).toMatchObject({
      SVC_UMA_LOOKUP_TRIGGERS: 'CERT_CHAIN_EXPIRED=$receiver@cert-expired.example.com',
      SVC_UMA_QUOTE_TRIGGERS: 'QUOTE_REQUEST_FAILED=$bob@payreq.example.com',
      SVC_INVITATIONS_SWITCH_TRIGGER: '1',
      SVC_UMA_LOOKUP_TTL_MS: '4000',
    });
    const caps = profileCapabilities({}, profile, timings);
    expect(caps.umaLookupTriggers).toEqual({ CERT_CHAIN_EXPIRED: '$receiver@cert-expired.example.com' });
    expect(caps.umaQuoteTriggers).toEqual({ QUOTE_REQUEST_FAILED: '$bob@payreq.example.com' });
    expect(caps.invitationsSwitch).toBe(true);
    expect(caps.umaLookupTtlMs).toBe(4000);
  });

  it('declares nothing where the target declares nothing, and refuses an address that is not an UMA address', () => {
    const caps = profileCapabilities({}, parseProfile({}), timings);
    expect([caps.umaLookupTriggers, caps.umaQuoteTriggers, caps.invitationsSwitch, caps.umaLookupTtlMs]).toEqual([{}, {}, false, undefined]);
    expect(() => parseProfile({ triggers: { umaLookup: { INVALID_NONCE: 'bob@example.com' } } })).toThrow(/umaLookup/);
    expect(profileCapabilities({ SVC_UMA_LOOKUP_TRIGGERS: 'INVALID_NONCE=not-an-address' }, undefined, timings).umaLookupTriggers).toEqual({});
  });
});
