// Indexes of the customers (supplement sections 4 and 15): the active platformCustomerId and
// umaAddress of each customer (409 CONFLICT / UMA_ADDRESS_EXISTS), and the lists GET /customers
// narrows by, so a lookup or a page costs what it returns, not what is stored.
import { areaState, type SandboxContext } from '../context.js';
import { ChangeLog, PositionIndex, watchField } from '../store/position-index.js';
import type { CustomerRecord } from './routes.js';

export interface CustomerIndex {
  /** Every customer, in order of creation (createdAt never decreases along it). */
  order: CustomerRecord[];
  /** Active (not deleted) customer per platformCustomerId and per umaAddress. */
  activeByPlatformId: Map<string, CustomerRecord>;
  activeByUma: Map<string, CustomerRecord>;
  /** Every customer that ever held a value (creation order), for the equality filters of the list. */
  everByPlatformId: Map<string, CustomerRecord[]>;
  everByUma: Map<string, CustomerRecord[]>;
  byType: Map<string, CustomerRecord[]>;
  /** Each customer's position in `order` (a list cursor). */
  positionOf: Map<CustomerRecord, number>;
  /** Positions per customerType, region, currency (of `currencies`), and of the customers not deleted (key 'active'). */
  typePositions: PositionIndex;
  byRegion: PositionIndex;
  byCurrency: PositionIndex;
  live: PositionIndex;
  /** When each customer last changed (updatedAt), for updatedAfter/updatedBefore. */
  updates: ChangeLog<CustomerRecord>;
  /** The region and currencies each customer is indexed under. */
  indexed: Map<CustomerRecord, { region?: string; currencies: string[] }>;
}

export const customerIndex = (ctx: SandboxContext) =>
  areaState<CustomerIndex>(ctx, 'customer-index', () => ({
    order: [],
    activeByPlatformId: new Map(),
    activeByUma: new Map(),
    everByPlatformId: new Map(),
    everByUma: new Map(),
    byType: new Map(),
    positionOf: new Map(),
    typePositions: new PositionIndex(),
    byRegion: new PositionIndex(),
    byCurrency: new PositionIndex(),
    live: new PositionIndex(),
    updates: new ChangeLog(),
    indexed: new Map(),
  }));

const append = (map: Map<string, CustomerRecord[]>, key: string, c: CustomerRecord) => {
  const list = map.get(key) ?? [];
  if (list[list.length - 1] !== c) list.push(c);
  map.set(key, list);
};

export function indexCreated(ctx: SandboxContext, c: CustomerRecord): void {
  const ix = customerIndex(ctx);
  const p = ix.order.length;
  ix.positionOf.set(c, p);
  ix.order.push(c);
  append(ix.byType, c.customerType, c);
  ix.typePositions.add(c.customerType, p);
  if (!c.isDeleted) ix.live.add('active', p);
  watchField(c, 'isDeleted', (from, to) => ix.live.move(from ? undefined : 'active', to ? undefined : 'active', p));
  ix.updates.note(c, Date.parse(c.updatedAt));
  watchField(c, 'updatedAt', (_from, to) => ix.updates.note(c, Date.parse(to)));
  indexKeys(ctx, c);
}

/** (Re)indexes the customer's current platformCustomerId and umaAddress. */
export function indexKeys(ctx: SandboxContext, c: CustomerRecord, previous?: { platformCustomerId?: unknown; umaAddress?: unknown }): void {
  const ix = customerIndex(ctx);
  // The fault keeps the platformCustomerId a PATCH left as the customer's.
  if (previous?.platformCustomerId !== undefined && ix.activeByPlatformId.get(String(previous.platformCustomerId)) === c && !ctx.faults.has('customers-platform-id-kept-after-patch')) {
    ix.activeByPlatformId.delete(String(previous.platformCustomerId));
  }
  if (previous?.umaAddress !== undefined && ix.activeByUma.get(String(previous.umaAddress)) === c) {
    ix.activeByUma.delete(String(previous.umaAddress));
  }
  const pcid = String(c.fields.platformCustomerId);
  const uma = String(c.fields.umaAddress);
  if (!c.isDeleted) {
    ix.activeByPlatformId.set(pcid, c);
    ix.activeByUma.set(uma, c);
  }
  append(ix.everByPlatformId, pcid, c);
  append(ix.everByUma, uma, c);
  // Region and currencies change only with the customer's fields (creation, PATCH), which end here.
  const p = ix.positionOf.get(c)!;
  const was = ix.indexed.get(c);
  const now = { region: typeof c.fields.region === 'string' ? c.fields.region : undefined, currencies: Array.isArray(c.fields.currencies) ? c.fields.currencies.map(String) : [] };
  ix.byRegion.move(was?.region, now.region, p);
  for (const currency of was?.currencies ?? []) if (!now.currencies.includes(currency)) ix.byCurrency.remove(currency, p);
  for (const currency of now.currencies) ix.byCurrency.add(currency, p);
  ix.indexed.set(c, now);
}

/** A deleted customer frees its platformCustomerId and umaAddress (sandbox/README.md). */
export function unindexDeleted(ctx: SandboxContext, c: CustomerRecord): void {
  const ix = customerIndex(ctx);
  if (ix.activeByPlatformId.get(String(c.fields.platformCustomerId)) === c && !ctx.faults.has('customer-platform-id-not-reusable')) {
    ix.activeByPlatformId.delete(String(c.fields.platformCustomerId));
  }
  if (ix.activeByUma.get(String(c.fields.umaAddress)) === c) ix.activeByUma.delete(String(c.fields.umaAddress));
}
