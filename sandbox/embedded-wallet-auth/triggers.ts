// This sandbox's embedded-wallet triggers, declared in its profile (sandbox/profile.ts).

/** An embedded-wallet customer's email change to this domain fails to reach the EMAIL_OTP credential (424). */
export const WALLET_SYNC_FAILURE_DOMAIN = 'sync-failure.example';
