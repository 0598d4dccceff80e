// Interface: VASPs area ("Directory of virtual asset service providers recognised for counterparty
// declarations"); supplement §1, §21: GET /vasps?limit&cursor -> {data[{vaspName, url?}], hasMore,
// nextCursor?} (no totalCount); 400 on a malformed query.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { parse } from '../context.js';
import { invalidInput } from '../http/errors.js';
import { PageQuery } from '../store/cursor-page.js';
import { VASPS } from './state.js';

const KeyedQuery = PageQuery.extend({ cursor: z.string().min(1).max(200).optional() });
const keyOf = (i: number) => Buffer.from(VASPS[i].vaspName, 'utf8').toString('base64url');

export async function vaspRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/vasps', async (req) => {
    // The alternate's cursor is opaque: the name of the VASP the next page starts with (base64url).
    const keyed = ctx.choices.alternate('vasps-keyed-cursor');
    const { limit, cursor } = parse(keyed ? KeyedQuery : PageQuery, req.query);
    let start = 0;
    if (cursor && keyed) {
      start = VASPS.findIndex((_, i) => keyOf(i) === cursor);
      if (start < 0) throw invalidInput([{ field: 'cursor', message: 'a cursor returned as nextCursor' }]);
    } else if (cursor) start = Number(cursor);
    const data = VASPS.slice(start, start + limit);
    const hasMore = start + limit < VASPS.length;
    // A repeated item across pages breaks the cursor's promise (the next page after the previous).
    const next = ctx.faults.has('vasps-cursor-overlaps') ? start + limit - 1 : start + limit;
    return { data, hasMore, ...(hasMore ? { nextCursor: keyed ? keyOf(next) : String(next) } : {}) };
  });
}
