// This sandbox's embedded-wallet triggers, declared in its profile (sandbox/profile.ts).

/** An embedded-wallet customer's email change to this domain fails to reach the EMAIL_OTP credential (424). */
export const WALLET_SYNC_FAILURE_DOMAIN = 'sync-failure.example';

/**
 * The origin this sandbox declares for wallet passkeys (its profile's wallet.passkeyOrigin). The
 * sandbox takes the origin a passkey's client data names, its host the relying party id
 * (sandbox/README.md, "Embedded wallet"), so any would do; a service binds its own.
 */
export const WALLET_PASSKEY_ORIGIN = 'https://wallet.sandbox.svc.example';
