// Indexes of the customers (supplement sections 4 and 15): the active platformCustomerId and
// umaAddress of each customer (409 CONFLICT / UMA_ADDRESS_EXISTS), and the lists GET /customers
// narrows by, so a lookup or a page costs what it returns, not what is stored.
import { areaState, type SandboxContext } from '../context.js';
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
}

export const customerIndex = (ctx: SandboxContext) =>
  areaState<CustomerIndex>(ctx, 'customer-index', () => ({
    order: [],
    activeByPlatformId: new Map(),
    activeByUma: new Map(),
    everByPlatformId: new Map(),
    everByUma: new Map(),
    byType: new Map(),
  }));

const append = (map: Map<string, CustomerRecord[]>, key: string, c: CustomerRecord) => {
  const list = map.get(key) ?? [];
  if (list[list.length - 1] !== c) list.push(c);
  map.set(key, list);
};

export function indexCreated(ctx: SandboxContext, c: CustomerRecord): void {
  const ix = customerIndex(ctx);
  ix.order.push(c);
  append(ix.byType, c.customerType, c);
  indexKeys(ctx, c);
}

/** (Re)indexes the customer's current platformCustomerId and umaAddress. */
export function indexKeys(ctx: SandboxContext, c: CustomerRecord, previous?: { platformCustomerId?: unknown; umaAddress?: unknown }): void {
  const ix = customerIndex(ctx);
  if (previous?.platformCustomerId !== undefined && ix.activeByPlatformId.get(String(previous.platformCustomerId)) === c) {
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
}

/** A deleted customer frees its platformCustomerId and umaAddress (sandbox/README.md). */
export function unindexDeleted(ctx: SandboxContext, c: CustomerRecord): void {
  const ix = customerIndex(ctx);
  if (ix.activeByPlatformId.get(String(c.fields.platformCustomerId)) === c && !ctx.faults.has('customer-platform-id-not-reusable')) {
    ix.activeByPlatformId.delete(String(c.fields.platformCustomerId));
  }
  if (ix.activeByUma.get(String(c.fields.umaAddress)) === c) ix.activeByUma.delete(String(c.fields.umaAddress));
}
