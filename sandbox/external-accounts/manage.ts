// Supplement section 7: an external account's create (400 on every invalid field at once, 409 on the
// same details twice), the list of each scope, one account, and its delete (409 while a trusted beneficiary).
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { getCustomer } from '../customers/state.js';
import { conflict, invalidInput } from '../http/errors.js';
import { cursorPage, PageQuery } from '../store/cursor-page.js';
import { createExternalAccount, validateCreate } from './accounts.js';
import { accountsOf, assertNotTrusted, externalAccountOrder, externalAccounts, forgetTrust, getExternalAccount, ownerKey, presentExternalAccount, type Scope } from './state.js';

const Params = z.object({ externalAccountId: z.string().min(1) });
// Built once: zod compiles each schema on its first parse, which costs more than the parse.
const ListQuery = PageQuery.extend({ currency: z.string().optional(), customerId: z.string().optional() }).passthrough();

/** The create, list, read and delete of one scope's external accounts. */
export async function externalAccountManageRoutes(app: FastifyInstance, { scope }: { scope: Scope }) {
  const { ctx } = app;
  const base = `/${scope}/external-accounts`;

  app.post(base, async (req, reply) => {
    const sent = req.body as { platformAccountId?: unknown } | undefined;
    if (scope === 'platform' && ctx.faults.has('platform-external-account-refused-stored') && sent && typeof sent === 'object' && 'platformAccountId' in sent && typeof sent.platformAccountId !== 'string') {
      // The fault: a platformAccountId of another type is refused below, but the account is stored first without it.
      const { platformAccountId: _, ...rest } = sent;
      try {
        const valid = validateCreate(ctx, rest);
        if (!valid.customerId && valid.defaultUmaDepositAccount === undefined) createExternalAccount(ctx, valid, null);
      } catch {
        // Otherwise invalid: nothing stored.
      }
    }
    const body = validateCreate(ctx, req.body);
    let customerId: string | null = null;
    if (scope === 'customers') {
      if (!body.customerId) throw invalidInput([{ field: 'customerId', message: 'customerId is required' }]);
      customerId = getCustomer(ctx, body.customerId).id;
    } else if (body.customerId || body.defaultUmaDepositAccount !== undefined) {
      throw invalidInput([{ field: body.customerId ? 'customerId' : 'defaultUmaDepositAccount', message: 'not allowed on platform external accounts' }]);
    }
    const identifier = JSON.stringify(body.accountInfo);
    const duplicate = accountsOf(ctx, customerId).find((a) => JSON.stringify(a.accountInfo) === identifier && a.currency === body.currency);
    if (duplicate && ctx.faults.has('external-account-duplicate-refused-but-stored')) createExternalAccount(ctx, body, customerId);
    if (duplicate && !ctx.faults.has('external-account-duplicate-accepted')) throw conflict('CONFLICT', `External account ${duplicate.id} already holds these details`, { externalAccountId: duplicate.id });
    return reply.status(201).send(presentExternalAccount(createExternalAccount(ctx, body, customerId), ctx.faults));
  });

  app.get(base, async (req) => {
    const q = parse(ListQuery, req.query);
    // The narrowest index: the customer's own accounts, else the scope's; a page scans from its cursor.
    const f = ctx.faults;
    const customerFilter = scope === 'customers' && q.customerId && !f.has('external-accounts-customer-filter-ignored') ? q.customerId : undefined;
    const leak = scope === 'platform' && f.has('platform-external-list-includes-customer-accounts');
    const order = externalAccountOrder(ctx);
    const ids = customerFilter ? order.get(ownerKey(customerFilter)) : leak ? [...order.get('scope:platform'), ...order.get('scope:customers')] : order.get(`scope:${scope}`);
    const all = externalAccounts(ctx);
    const currency = f.has('external-accounts-currency-filter-ignored') ? undefined : q.currency;
    const matches = (id: string) => {
      const a = all.get(id);
      return a !== undefined && (leak || (scope === 'platform') === (a.customerId === null)) && (!currency || a.currency === currency || (f.has('external-accounts-currency-prefix-match') && a.currency.startsWith(currency))) && (!customerFilter || a.customerId === customerFilter);
    };
    const page = cursorPage(ids, { limit: q.limit, cursor: q.cursor }, matches, (id) => presentExternalAccount(all.get(id)!, ctx.faults));
    if (page.nextCursor && f.has('external-accounts-cursor-repeats')) page.nextCursor = String(Math.max(0, Number(page.nextCursor) - 1));
    if (f.has('external-accounts-has-more-when-full') && !page.hasMore && page.data.length === q.limit) Object.assign(page, { hasMore: true, nextCursor: String(ids.length) });
    return page;
  });

  app.get(`${base}/:externalAccountId`, async (req) => {
    const { externalAccountId } = parse(Params, req.params);
    return presentExternalAccount(getExternalAccount(ctx, externalAccountId, scope), ctx.faults);
  });

  app.delete(`${base}/:externalAccountId`, async (req, reply) => {
    const { externalAccountId } = parse(Params, req.params);
    const account = getExternalAccount(ctx, externalAccountId, scope);
    if (scope === 'customers') assertNotTrusted(ctx, account);
    if (!ctx.faults.has('external-account-delete-keeps-record')) externalAccounts(ctx).delete(externalAccountId);
    forgetTrust(ctx, externalAccountId);
    return reply.status(204).send();
  });
}
