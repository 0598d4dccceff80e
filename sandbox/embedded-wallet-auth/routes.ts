// Supplement sections 10 and 17: embedded-wallet credentials and sessions, the signed account PATCH and
// export. Credentials per account (one EMAIL_OTP, one SMS_OTP), sessions with their key and expiry,
// HPKE-sealed OTP bundles (single use), and every state-changing call behind the signed retry.
// POST /sandbox/customers/{customerId}/embedded-wallet is this sandbox's own trigger (sandbox/README.md).
// The embedded-wallet-auth area's plugin: each concern's routes in a file of its own, the store in ./state.ts.
import type { FastifyInstance } from 'fastify';
import { walletCredentialRoutes } from './credentials.js';
import { walletLoginRoutes } from './login.js';
import { walletProvisionRoutes } from './provision.js';
import { walletSessionRoutes } from './sessions.js';
import { walletAccountRoutes } from './wallet-account.js';

export async function embeddedWalletAuthRoutes(app: FastifyInstance) {
  await app.register(walletProvisionRoutes);
  await app.register(walletCredentialRoutes);
  await app.register(walletLoginRoutes);
  await app.register(walletSessionRoutes);
  await app.register(walletAccountRoutes);
}
