// Supplement section 22: provider-account links (created with write-only credentials, one per provider
// account), listed and read, and this sandbox's triggers for a link's status and its provider's outage.
import { createHash, randomUUID } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { conflict } from '../http/errors.js';
import { cursorPage, PageQuery } from '../store/cursor-page.js';
import { compound, id, STABLECOIN_PROVIDER, stablecoinTools, type ProviderAccount, boundIdentifiers } from './state.js';

const CreateLink = z.object({
  provider: z.literal(STABLECOIN_PROVIDER, { message: `the provider this sandbox links: ${STABLECOIN_PROVIDER}` }),
  apiClientId: id,
  apiClientSecret: id,
  providerAccountId: id.optional(),
});

export async function stablecoinLinkRoutes(app: FastifyInstance) {
  const { ctx, st, links, now, idempotent, getLink } = stablecoinTools(app.ctx);

  const presentLink = (l: ProviderAccount) => ({
    id: l.id,
    provider: l.provider,
    providerAccountId: l.providerAccountId,
    providerEnvironment: l.providerEnvironment,
    status: l.status,
    lastVerifiedAt: l.lastVerifiedAt,
    createdAt: l.createdAt,
    updatedAt: l.updatedAt,
    ...(ctx.faults.has('stablecoin-provider-secret-echoed') ? { apiClientSecret: l.apiClientSecret } : {}),
  });

  app.post('/stablecoin-provider-accounts', async (req, reply) =>
    idempotent(req, reply, () => {
      const body = parse(ctx.faults.has('stablecoin-link-provider-any') ? CreateLink.extend({ provider: z.string() }) : CreateLink, req.body);
      boundIdentifiers(ctx, body);
      // The alternate's provider names the account by the client id itself when none is sent.
      const derived = ctx.choices.alternate('stablecoin-link-account-is-client-id') ? body.apiClientId : `pa_${createHash('sha256').update(body.apiClientId).digest('hex').slice(0, 16)}`;
      const providerAccountId = body.providerAccountId ?? derived;
      const taken = st.linkByAccount.get(compound(body.provider, providerAccountId));
      if (taken) throw conflict('CONFLICT', `Provider account ${providerAccountId} is already linked as ${taken.id}`);
      const at = now();
      const link: ProviderAccount = {
        id: `StablecoinProviderAccount:${randomUUID()}`,
        provider: body.provider,
        providerAccountId,
        providerEnvironment: 'SANDBOX',
        status: 'ACTIVE',
        lastVerifiedAt: at,
        createdAt: at,
        updatedAt: at,
        apiClientId: body.apiClientId,
        apiClientSecret: body.apiClientSecret,
      };
      links.set(link.id, link);
      st.linkOrder.push(link.id);
      st.activeLinks.add(link.id);
      st.linkByAccount.set(compound(link.provider, link.providerAccountId), link);
      return { status: 201, body: presentLink(link) };
    }),
  );

  const LinkQuery = PageQuery.extend({ provider: ctx.choices.alternate('stablecoin-provider-filter-refused') ? z.enum(['BRALE']).optional() : z.string().optional(), status: z.enum(['ACTIVE', 'INVALID', 'REVOKED']).optional() });
  // Creation order; no totalCount (optional, supplement 1: counting would read every link).
  app.get('/stablecoin-provider-accounts', async (req) => {
    const q = parse(LinkQuery, req.query);
    const matches = (id: string) => {
      const l = links.get(id)!;
      return (!q.provider || l.provider === q.provider) && (!q.status || l.status === q.status);
    };
    const page = cursorPage(st.linkOrder, q, matches, (id) => presentLink(links.get(id)!));
    if (page.nextCursor && ctx.faults.has('stablecoin-links-cursor-skips')) page.nextCursor = String(Number(page.nextCursor) + 1);
    return page;
  });

  app.get('/stablecoin-provider-accounts/:stablecoinProviderAccountId', async (req) => {
    const { stablecoinProviderAccountId } = req.params as { stablecoinProviderAccountId: string };
    return presentLink(getLink(stablecoinProviderAccountId));
  });

  /** This sandbox's trigger: the provider answers the link's credentials as INVALID, or the link is REVOKED (or ACTIVE again). */
  app.post('/sandbox/stablecoin-provider-accounts/:stablecoinProviderAccountId/status', async (req) => {
    const { stablecoinProviderAccountId } = req.params as { stablecoinProviderAccountId: string };
    const { status } = parse(z.object({ status: z.enum(['ACTIVE', 'INVALID', 'REVOKED']) }), req.body);
    const link = getLink(stablecoinProviderAccountId);
    link.status = status;
    if (status === 'ACTIVE') st.activeLinks.add(link.id);
    else st.activeLinks.delete(link.id);
    link.updatedAt = now();
    if (status === 'ACTIVE') link.lastVerifiedAt = link.updatedAt;
    return presentLink(link);
  });

  /** This sandbox's trigger: the provider behind the link stops answering, or answers again. */
  app.post('/sandbox/stablecoin-provider-accounts/:stablecoinProviderAccountId/outage', async (req) => {
    const { stablecoinProviderAccountId } = req.params as { stablecoinProviderAccountId: string };
    const { unavailable } = parse(z.object({ unavailable: z.boolean() }), req.body);
    const link = getLink(stablecoinProviderAccountId);
    link.unavailable = unavailable;
    return presentLink(link);
  });
}
