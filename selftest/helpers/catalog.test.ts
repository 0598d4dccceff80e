// The catalog is the whole interface as data (the interface document and every section of the
// supplement), and can never be smaller than the documents: its error codes are compared with the
// interface's Errors lists and the supplement's additions, its events with supplement §27, its areas
// with the interface's table "Functional areas", and every operation template the suites and flows
// call resolves to one of its entries.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AREAS,
  areaOperations,
  catalogIdFor,
  catalogIds,
  catalogItems,
  codesForStatus,
  ERRORS,
  EVENTS,
  ids,
  MACHINES,
  OPERATIONS,
  operationFor,
  TARGET_OWN_TRIGGERS,
} from '../../helpers/spec/catalog.js';

const ROOT = resolve(import.meta.dirname, '../..');
const INTERFACE = resolve(ROOT, '../shared/spec/interface.md');
const SUPPLEMENT = resolve(ROOT, '../shared/spec/supplement.md');
/** The service's description, cited as "openapi.yaml, <operationId or schema>" where it adds to the interface. */
const DESCRIPTION = resolve(ROOT, '../shared/spec/openapi.yaml');

/**
 * The backticked codes of each `### <status>` subsection of `## Errors`: the list that opens the
 * subsection, without its parenthetical notes and without the prose that follows the list.
 */
export function errorCodesOfInterface(markdown: string): Map<string, number> {
  const section = markdown.split(/^## /m).find((s) => s.startsWith('Errors'));
  if (!section) throw new Error('no Errors section in the interface document');
  const codes = new Map<string, number>();
  for (const sub of section.split(/^### /m).slice(1)) {
    const [heading, ...rest] = sub.split('\n');
    const status = Number(heading.match(/^(\d{3})/)?.[1]);
    let list = rest.join('\n').trim().split(/\n\s*\n/)[0].replace(/\(HTTP (\d{3})\)/g, '@$1');
    while (/\([^()]*\)/.test(list)) list = list.replace(/\([^()]*\)/g, '');
    list = list.split(/\.\s/)[0];
    for (const m of list.matchAll(/`([A-Z][A-Z0-9_]+)`(?:\s*@(\d{3}))?/g)) {
      codes.set(m[1], m[2] ? Number(m[2]) : Number.isNaN(status) ? -1 : status);
    }
  }
  return codes;
}

/** A numbered section of the supplement (`## <n>. Title`), up to the next heading of its level. */
function supplementSection(markdown: string, n: number): string {
  const start = markdown.search(new RegExp(`^## ${n}\\. `, 'm'));
  if (start < 0) throw new Error(`no section ${n} in the supplement`);
  const rest = markdown.slice(start + 3);
  const end = rest.search(/^#{1,2} /m);
  return end < 0 ? rest : rest.slice(0, end);
}

/** The event types of supplement §27: the first column of its table. */
export function eventTypesOfSupplement(markdown: string): string[] {
  return [...supplementSection(markdown, 27).matchAll(/^\| `([A-Z_]+(?:\.[A-Z_]+)?)` \|/gm)].map((m) => m[1]);
}

/** The codes of supplement §1's table "Codes beyond the seed", with the status of their row. */
export function supplementCodes(markdown: string): Map<string, number> {
  const codes = new Map<string, number>();
  for (const row of supplementSection(markdown, 1).split('\n').filter((l) => /^\| \d{3}/.test(l))) {
    const [statusCell, codesCell] = row.split('|').slice(1, 3);
    const statuses = statusCell.trim().split(/\s*\/\s*/).map(Number);
    // "405 / 410 | `A` / `B`": the codes pair with the statuses in order; otherwise all share one status.
    const groups = statuses.length > 1 ? codesCell.split(/\s\/\s/) : [codesCell];
    groups.forEach((group, i) => {
      for (const m of group.replace(/\([^()]*\)/g, '').matchAll(/`([A-Z][A-Z0-9_]+)`/g)) codes.set(m[1], statuses[i] ?? statuses[0]);
    });
  }
  return codes;
}

/** The area names of the interface's table "Functional areas". */
export function areasOfInterface(markdown: string): string[] {
  const table = markdown.slice(markdown.indexOf('Functional areas'));
  const rows = table.split('\n').filter((l) => l.startsWith('| ')).slice(1);
  const names: string[] = [];
  for (const row of rows) {
    const name = row.split('|')[1].trim();
    if (name === '---' || !name) continue;
    names.push(name);
    if (name === 'Stablecoins') break;
  }
  return names;
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') ? [p] : [];
  });
}

interface UsedTemplate {
  file: string;
  method?: string;
  template: string;
}

/** The path templates the suites and flows give the client: `api.<method>('<template>'` and any other '/path' literal. */
export function usedTemplates(): UsedTemplate[] {
  const used: UsedTemplate[] = [];
  for (const file of [...files(join(ROOT, 'suites')), ...files(join(ROOT, 'helpers/flows'))]) {
    const text = readFileSync(file, 'utf8');
    const withMethod = new Set<number>();
    for (const m of text.matchAll(/\.(get|post|patch|put|delete)\(\s*(['`])(\/[a-z][^'`\s]*)\2/g)) {
      used.push({ file, method: m[1].toUpperCase(), template: m[3] });
      withMethod.add(m.index! + m[0].indexOf(m[2]));
    }
    for (const m of text.matchAll(/\.request\(\s*'([A-Z]+)'\s*,\s*(['`])(\/[a-z][^'`\s]*)\2/g)) {
      used.push({ file, method: m[1], template: m[3] });
      withMethod.add(m.index! + m[0].lastIndexOf(m[2], m[0].length - m[3].length - 1));
    }
    for (const m of text.matchAll(/(['`])(\/[a-z][^'`\s]*)\1/g)) {
      if (!withMethod.has(m.index!)) used.push({ file, template: m[2] });
    }
  }
  return used;
}

/** Catalog (or target-trigger) entries a used template stands for: names must match; `${...}` stands for one segment. */
function entriesFor(used: UsedTemplate): { method: string; path: string }[] {
  const pattern = new RegExp(`^${used.template.split(/\$\{[^}]*\}/).map((part) => part.replace(/[.*+?^$()|[\]\\{}]/g, '\\$&')).join('[^/{}]+')}$`);
  return [...OPERATIONS, ...TARGET_OWN_TRIGGERS].filter((o) => (!used.method || o.method === used.method) && pattern.test(o.path));
}

describe('the catalog of the whole interface', () => {
  const iface = readFileSync(INTERFACE, 'utf8');
  const supplement = readFileSync(SUPPLEMENT, 'utf8');
  const description = readFileSync(DESCRIPTION, 'utf8');

  it('holds at least 110 operations, the 43 event types without families, 86 error codes and 30 transitions', () => {
    const c = catalogIds();
    expect(c.operations.length).toBeGreaterThanOrEqual(110);
    expect(c.events.length).toBeGreaterThanOrEqual(43);
    expect(c.events.filter((id) => id.includes('*'))).toEqual([]);
    expect(c.errors.length).toBeGreaterThanOrEqual(86);
    expect(c.transitions.length).toBeGreaterThanOrEqual(30);
  });

  it('lists the 23 areas of the interface\'s table "Functional areas", each with its operations', () => {
    const named = areasOfInterface(iface);
    expect(named).toHaveLength(23);
    expect([...AREAS]).toEqual(named);
    for (const { area, operations } of areaOperations()) expect(operations.length, `${area} has no operation`).toBeGreaterThan(0);
  });

  it('cites a section and one of the 23 areas for every entry, and has unique ids', () => {
    const entries = [...OPERATIONS, ...ERRORS, ...EVENTS, ...MACHINES];
    for (const entry of entries) {
      expect(entry.section, JSON.stringify(entry)).toMatch(/^(interface: |supplement §\d|openapi\.yaml, )/);
      expect(AREAS, JSON.stringify(entry)).toContain(entry.area);
    }
    for (const m of MACHINES) for (const tr of [...m.allowed, ...m.forbidden]) expect(tr.section, `${m.machine} ${tr.from}->${tr.to}`).toMatch(/^(interface: |supplement §\d)/);
    for (const item of catalogItems()) expect(AREAS).toContain(item.area);
    for (const list of Object.values(catalogIds())) expect(new Set(list).size).toBe(list.length);
  });

  it('traces every entry to the sections it cites: each names the path, the code or both states of the transition', () => {
    const cited = (section: string) => [
      ...[...section.matchAll(/§(\d+)/g)].map((m) => supplementSection(supplement, Number(m[1]))),
      ...(section.startsWith('interface: ') ? [iface] : []),
      ...(section.startsWith('openapi.yaml, ') ? [description] : []),
    ];
    const untraced: string[] = [];
    for (const o of OPERATIONS) {
      const literals = o.path.split('/').filter((segment) => segment && !segment.startsWith('{'));
      if (!cited(o.section).some((text) => literals.every((l) => text.includes(l)))) untraced.push(`${o.method} ${o.path} (${o.section})`);
    }
    // The description enumerates codes as YAML list items, the other documents backtick them.
    for (const e of ERRORS) if (!cited(e.section).some((text) => text.includes(`\`${e.code}\``) || (text === description && text.includes(`- ${e.code}\n`)))) untraced.push(`${e.status} ${e.code} (${e.section})`);
    for (const e of EVENTS) if (!cited(e.section).some((text) => text.includes(e.type))) untraced.push(`${e.type} (${e.section})`);
    for (const m of MACHINES) {
      for (const tr of [...m.allowed, ...m.forbidden]) {
        expect(m.states, `${m.machine}: ${tr.from}->${tr.to} uses its states`).toEqual(expect.arrayContaining([tr.from, tr.to]));
        if (!cited(tr.section).some((text) => text.includes(tr.from) && text.includes(tr.to))) untraced.push(`${m.machine} ${tr.from}->${tr.to} (${tr.section})`);
      }
    }
    expect(untraced, 'entries whose cited sections do not name them').toEqual([]);
  });

  it('holds every error code the interface names in its Errors section, with its HTTP status', () => {
    const named = errorCodesOfInterface(iface);
    expect(named.size).toBeGreaterThan(70);
    const missing = [...named].filter(([code, status]) => !ERRORS.some((e) => e.code === code && (status === -1 || e.status === status)));
    expect(missing, 'codes named in the interface but not in helpers/spec/catalog.ts').toEqual([]);
  });

  it('holds the codes the supplement adds (its section 1 table, FUNDING_SOURCE_INELIGIBLE, the UMA 412/424 codes, EMAIL_OTP_CREDENTIAL_SYNC_FAILED)', () => {
    const added = supplementCodes(supplement);
    for (const code of ['FORBIDDEN', 'USER_NOT_READY', 'COUNTERPARTY_NOT_ALLOWED', 'VELOCITY_LIMIT_EXCEEDED', 'END_USER_TERMS_NOT_ACCEPTED', 'METHOD_NOT_ALLOWED', 'CUSTOMER_DELETED', 'RATE_LIMITED', 'NOT_IMPLEMENTED', 'SERVICE_UNAVAILABLE']) {
      expect(added.has(code), `the parser reads ${code} from supplement §1`).toBe(true);
    }
    const missing = [...added].filter(([code, status]) => !ERRORS.some((e) => e.code === code && e.status === status));
    expect(missing, 'codes of supplement §1 not in the catalog with their status').toEqual([]);
    for (const [code, status] of [['UNSUPPORTED_UMA_VERSION', 412], ['NO_COMPATIBLE_UMA_VERSION', 424], ['LNURLP_REQUEST_FAILED', 424], ['PAYREQ_REQUEST_FAILED', 424], ['COUNTERPARTY_PUBKEY_FETCH_ERROR', 424], ['EMAIL_OTP_CREDENTIAL_SYNC_FAILED', 424], ['FUNDING_SOURCE_INELIGIBLE', 400]] as const) {
      expect(supplement).toContain(`\`${code}\``);
      expect(ERRORS.some((e) => e.code === code && e.status === status), `${status} ${code}`).toBe(true);
    }
  });

  it('would notice a code removed from the catalog', () => {
    const named = errorCodesOfInterface(iface);
    const shrunk = ERRORS.filter((e) => e.code !== 'CARD_ALREADY_CLOSED');
    expect([...named.keys()].filter((code) => !shrunk.some((e) => e.code === code))).toEqual(['CARD_ALREADY_CLOSED']);
  });

  it('answers codesForStatus with every code it holds for that status', () => {
    const statuses = [...new Set(ERRORS.map((e) => e.status))];
    for (const status of statuses) expect([...codesForStatus(status)!].sort()).toEqual([...new Set(ERRORS.filter((e) => e.status === status).map((e) => e.code))].sort());
    expect(codesForStatus(400)).toContain('FUNDING_SOURCE_INELIGIBLE');
    expect(codesForStatus(403)).toEqual(expect.arrayContaining(['FORBIDDEN', 'END_USER_TERMS_NOT_ACCEPTED']));
    expect(codesForStatus(410)).toEqual(['CUSTOMER_DELETED']);
    expect(codesForStatus(418)).toBeUndefined();
  });

  it('lists exactly the event types of supplement §27', () => {
    const types = eventTypesOfSupplement(supplement);
    expect(types).toHaveLength(43);
    expect(supplementSection(supplement, 27)).toMatch(/catalog \(43\)/);
    expect(EVENTS.map((e) => e.type).sort()).toEqual([...types].sort());
  });

  it('names the transitions the documents state, allowed and refused', () => {
    const has = (machine: string, from: string, to: string) => catalogIds().transitions.includes(`transition:${machine}:${from}->${to}`);
    const outgoing = [['PENDING', 'PROCESSING'], ['PROCESSING', 'COMPLETED'], ['PROCESSING', 'FAILED'], ['PENDING', 'EXPIRED'], ['PENDING', 'PENDING_AUTHORIZATION'], ['PENDING_AUTHORIZATION', 'PROCESSING'], ['PENDING_AUTHORIZATION', 'FAILED'], ['COMPLETED', 'FAILED']];
    for (const [from, to] of outgoing) expect(has('transaction', from, to), `transaction ${from}->${to}`).toBe(true);
    expect(has('refund', 'PENDING', 'COMPLETED') && has('refund', 'PENDING', 'FAILED')).toBe(true);
    expect(has('card', 'PROCESSING', 'ACTIVE') && has('card', 'PROCESSING', 'CLOSED')).toBe(true);
    expect(has('external-account', 'UNVERIFIED', 'PENDING_OWNERSHIP_VERIFICATION')).toBe(true);
    const card = MACHINES.find((m) => m.machine === 'card')!;
    expect(card.forbidden.map((tr) => `${tr.from}->${tr.to}`)).toEqual(expect.arrayContaining(['ACTIVE->ACTIVE', 'FROZEN->FROZEN', 'CLOSED->ACTIVE', 'CLOSED->FROZEN', 'CLOSED->CLOSED', 'PENDING_KYC->ACTIVE']));
    for (const machine of ['external-account', 'internal-account', 'card', 'transaction', 'refund', 'incoming-transaction', 'verification', 'invitation', 'agent-action', 'stablecoin-operation', 'bulk-upload-job', 'delegated-key', 'sca-factor-reset']) {
      const m = MACHINES.find((x) => x.machine === machine);
      expect(m && m.allowed.length, `${machine} has transitions`).toBeGreaterThan(0);
    }
    // The supplement marks the stablecoin path as its inference: so does the catalog.
    expect(MACHINES.find((m) => m.machine === 'stablecoin-operation')!.allowed.filter((tr) => tr.inferred).length).toBeGreaterThan(0);
  });

  it('resolves every operation template the suites and flows use to its entry, with the same parameter names', () => {
    const used = usedTemplates();
    expect(used.length).toBeGreaterThan(30);
    const unresolved = used.filter((u) => entriesFor(u).length === 0).map((u) => `${u.method ?? 'any'} ${u.template} (${u.file.slice(ROOT.length + 1)})`);
    expect(
      unresolved,
      'templates the catalog does not hold: spell the path parameters as helpers/spec/catalog.ts does, add an operation the documents name, or list a target\'s own /sandbox/* trigger in TARGET_OWN_TRIGGERS',
    ).toEqual([]);
    const triggers = used.filter((u) => entriesFor(u).every((e) => TARGET_OWN_TRIGGERS.includes(e as (typeof TARGET_OWN_TRIGGERS)[number])));
    for (const u of triggers) expect(u.template, 'only /sandbox/* triggers may lie beyond the interface').toMatch(/^\/sandbox\//);
  });

  it('counts an observed template towards its operation whatever its parameter names', () => {
    expect(catalogIdFor('operations', 'op:PATCH /cards/{id}')).toBe('op:PATCH /cards/{cardId}');
    expect(catalogIdFor('operations', 'op:POST /customers/external-accounts/{id}/trust/confirm')).toBe('op:POST /customers/external-accounts/{externalAccountId}/trust/confirm');
    expect(catalogIdFor('operations', 'op:GET /cards/{id}/reveal')).toBeUndefined();
    expect(catalogIdFor('operations', 'op:POST /sandbox/cards/{cardId}/simulate/{name}')).toBeUndefined();
    expect(operationFor('get', '/receiver/external-account/{accountId}')?.area).toBe('Cross-Currency Transfers');
    expect(catalogIdFor('events', 'event:CARD_TRANSACTION.SETTLED')).toBe('event:CARD_TRANSACTION.SETTLED');
    expect(catalogIdFor('events', 'event:NOT.AN_EVENT')).toBeUndefined();
    expect(catalogIdFor('errors', ids.error(400, 'FUNDING_SOURCE_INELIGIBLE'))).toBe('error:400:FUNDING_SOURCE_INELIGIBLE');
  });
});
