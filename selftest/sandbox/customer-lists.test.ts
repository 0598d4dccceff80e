// The sandbox's customer list (supplement sections 1, 4, 15): paging by cursor over many customers
// returns each once, the filters narrow through the indexes, deleted customers leave the active
// indexes (platformCustomerId and umaAddress free again), and isIncludingDeleted brings them back.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildSandbox, type Sandbox } from '../../sandbox/app.js';

let sandbox: Sandbox;
let auth: string;
beforeAll(async () => {
  sandbox = await buildSandbox({ provisioningDelayMs: 60_000 });
  auth = `Basic ${Buffer.from(`${sandbox.clientId}:${sandbox.clientSecret}`).toString('base64')}`;
});
afterAll(async () => {
  await sandbox.close();
});

const call = async (method: 'GET' | 'POST' | 'DELETE', url: string, payload?: unknown) => {
  const res = await sandbox.app.inject({ method, url: `/2025-10-13${url}`, headers: { authorization: auth }, payload: payload as object | undefined });
  return { status: res.statusCode, body: res.json() as any };
};

describe('sandbox customer lists', () => {
  it('walks 230 customers in pages of 100 with each once, narrows by filters, and hides deleted ones', async () => {
    const ids: string[] = [];
    for (let i = 0; i < 230; i++) {
      const res = await call('POST', '/customers', { customerType: i % 2 ? 'INDIVIDUAL' : 'BUSINESS', platformCustomerId: `pc-${i}`, region: i % 3 ? 'US' : 'NZ', ...(i % 2 ? {} : { businessInfo: { legalName: 'Co', country: 'US', incorporatedOn: '2001-01-01', taxId: '1' } }) });
      expect(res.status, JSON.stringify(res.body)).toBe(201);
      ids.push(res.body.id);
    }
    const walked: string[] = [];
    let cursor: string | undefined;
    for (let n = 0; n < 10; n++) {
      const page = await call('GET', `/customers?limit=100${cursor ? `&cursor=${cursor}` : ''}`);
      expect(page.status).toBe(200);
      walked.push(...page.body.data.map((c: { id: string }) => c.id));
      if (!page.body.hasMore) break;
      cursor = page.body.nextCursor;
    }
    expect(walked).toEqual(ids);

    const nzIndividuals = (await call('GET', '/customers?limit=100&region=NZ&customerType=INDIVIDUAL')).body.data;
    expect(nzIndividuals.length).toBe(ids.filter((_, i) => i % 2 === 1 && i % 3 === 0).length);
    expect((await call('GET', '/customers?platformCustomerId=pc-7')).body.data.map((c: { id: string }) => c.id)).toEqual([ids[7]]);

    expect((await call('DELETE', `/customers/${ids[7]}`)).status).toBe(200);
    expect((await call('GET', '/customers?platformCustomerId=pc-7')).body.data).toEqual([]);
    const again = await call('POST', '/customers', { customerType: 'INDIVIDUAL', platformCustomerId: 'pc-7' });
    expect(again.status, 'a deleted customer frees its platformCustomerId').toBe(201);
    const both = (await call('GET', '/customers?platformCustomerId=pc-7&isIncludingDeleted=true')).body.data;
    expect(both.map((c: { id: string; isDeleted: boolean }) => [c.id, c.isDeleted])).toEqual([[ids[7], true], [again.body.id, false]]);
    expect((await call('DELETE', `/customers/${ids[7]}`)).status).toBe(410);
    expect((await call('GET', '/customers?limit=0')).status).toBe(400);
  });
});
