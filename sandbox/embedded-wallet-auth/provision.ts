// This sandbox's own trigger (sandbox/README.md): POST /sandbox/customers/{customerId}/embedded-wallet.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { parse } from '../context.js';
import { badRequest } from '../http/errors.js';
import { presentInternalAccount, provisionInternalAccount, setInternalAccountStatus } from '../internal-accounts/state.js';
import { CustomerParams, ProvisionBody } from './schemas.js';
import { state, walletHelpers, type Wallet } from './state.js';

export async function walletProvisionRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const st = state(ctx);
  const { contact, newCredential } = walletHelpers(ctx);

  // This sandbox's trigger: an EMBEDDED_WALLET internal account for the customer, ACTIVE at once, that
  // starts with an EMAIL_OTP credential (supplement 17) for the body's email, else the customer's.
  app.post('/sandbox/customers/:customerId/embedded-wallet', async (req, reply) => {
    const { customerId } = parse(CustomerParams, req.params);
    const body = parse(ProvisionBody, req.body);
    const email = body.email ?? contact(customerId, 'email');
    if (!email) throw badRequest('INVALID_INPUT', 'An embedded wallet starts with an EMAIL_OTP credential: give an email, or create the customer with one');
    const account = provisionInternalAccount(ctx, customerId, 'USDC', { hold: true, type: 'EMBEDDED_WALLET' });
    setInternalAccountStatus(ctx, account, 'ACTIVE');
    const w: Wallet = { account, secret: randomBytes(32).toString('hex') };
    st.wallets.set(account.id, w);
    if (!st.walletByCustomer.has(customerId)) st.walletByCustomer.set(customerId, w);
    newCredential(account.id, 'EMAIL_OTP', email);
    return reply.status(201).send(presentInternalAccount(ctx, account));
  });
}
