// Supplement 17: PATCH /internal-accounts/{internalAccountId} {privateEnabled} and POST .../export of an
// embedded wallet, each behind the signed retry.
import type { FastifyInstance } from 'fastify';
import { isoNow } from '../clock.js';
import { parse } from '../context.js';
import { getInternalAccount, presentInternalAccount } from '../internal-accounts/state.js';
import { envelopeSignature, sealTo } from './crypto.js';
import { AccountParams, ExportBody, PatchAccountBody, RefreshBody } from './schemas.js';
import { signedRetry } from './signed-retry.js';
import { state, walletHelpers } from './state.js';

export async function walletAccountRoutes(app: FastifyInstance) {
  const { ctx } = app;
  const st = state(ctx);
  const { wallet, sessionSigner } = walletHelpers(ctx);

  app.patch('/internal-accounts/:internalAccountId', async (req, reply) => {
    const { internalAccountId } = parse(AccountParams, req.params);
    getInternalAccount(ctx, internalAccountId);
    const w = wallet(internalAccountId);
    const body = parse(PatchAccountBody, req.body);
    return signedRetry(ctx, req, reply, { activity: 'UPDATE_WALLET', accountId: w.account.id, signer: sessionSigner(w.account.id) }, () => {
      if (!ctx.faults.has('wallet-private-enabled-not-stored')) w.account.privateEnabled = body.privateEnabled;
      w.account.updatedAt = isoNow(ctx.clock);
      return presentInternalAccount(ctx, { ...w.account, privateEnabled: body.privateEnabled });
    });
  });

  app.post('/internal-accounts/:internalAccountId/export', async (req, reply) => {
    const { internalAccountId } = parse(AccountParams, req.params);
    getInternalAccount(ctx, internalAccountId);
    const w = wallet(internalAccountId);
    // The fault: a refused export ends the account's sessions.
    if (ctx.faults.has('wallet-refused-export-ends-sessions') && !ExportBody.safeParse(req.body).success) {
      for (const x of st.sessions.values()) if (x.credential.accountId === w.account.id) x.revoked = true;
    }
    const body = parse(ctx.faults.has('wallet-export-key-any-form') ? RefreshBody : ExportBody, req.body);
    return signedRetry(ctx, req, reply, { activity: 'EXPORT_WALLET', accountId: w.account.id, signer: sessionSigner(w.account.id) }, async () => {
      // Supplement 17, Export: {version, data, dataSignature, enclaveQuorumPublic}; data = {encappedPublic, ciphertext, organizationId}, hex;
      // the sandbox leaves dataSignature and enclaveQuorumPublic empty.
      const sealed = await sealTo(body.clientPublicKey, Buffer.from(w.secret, 'utf8'), { plainContext: ctx.faults.has('wallet-export-hpke-context-ignored') });
      const data = Buffer.from(JSON.stringify({ ...sealed, organizationId: w.account.id }));
      // The alternate signs the bundle as the provider's service does: dataSignature over data by enclaveQuorumPublic.
      const signature = ctx.choices.alternate('export-bundle-signed') ? envelopeSignature(data) : { dataSignature: '', enclaveQuorumPublic: '' };
      const bundle = { version: 'v1.0.0', data: data.toString('hex'), ...signature };
      return { id: w.account.id, encryptedWalletCredentials: JSON.stringify(bundle) };
    });
  });
}
