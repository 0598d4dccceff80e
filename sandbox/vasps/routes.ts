// Interface: VASPs area ("Directory of virtual asset service providers recognised for counterparty
// declarations"); supplement §1, §21: GET /vasps?limit&cursor -> {data[{vaspName, url?}], hasMore,
// nextCursor?} (no totalCount); 400 on a malformed query.
import type { FastifyInstance } from 'fastify';
import { parse } from '../context.js';
import { PageQuery } from '../store/cursor-page.js';
import { VASPS } from './state.js';

export async function vaspRoutes(app: FastifyInstance) {
  const { ctx } = app;
  app.get('/vasps', async (req) => {
    const { limit, cursor } = parse(PageQuery, req.query);
    const start = cursor ? Number(cursor) : 0;
    const data = VASPS.slice(start, start + limit);
    const hasMore = start + limit < VASPS.length;
    // A repeated item across pages breaks the cursor's promise (the next page after the previous).
    const next = ctx.faults.has('vasps-cursor-overlaps') ? start + limit - 1 : start + limit;
    return { data, hasMore, ...(hasMore ? { nextCursor: String(next) } : {}) };
  });
}
