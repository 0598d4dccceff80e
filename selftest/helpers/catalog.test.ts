// The catalog is the interface document as data: no error code named in the interface's Errors
// section (nor under "Other codes named") may be missing from it, each with its HTTP status.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { catalogIdFor, catalogIds, ERRORS, EVENTS, MACHINES, OPERATIONS } from '../../helpers/spec/catalog.js';

const INTERFACE = resolve(import.meta.dirname, '../../../shared/spec/interface.md');

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

describe('interface catalog', () => {
  const markdown = readFileSync(INTERFACE, 'utf8');

  it('holds every error code the interface names in its Errors section, with its HTTP status', () => {
    const named = errorCodesOfInterface(markdown);
    expect(named.size).toBeGreaterThan(60);
    const missing = [...named].filter(([code, status]) => !ERRORS.some((e) => e.code === code && (status === -1 || e.status === status)));
    expect(missing, 'codes named in the interface but not in helpers/spec/catalog.ts').toEqual([]);
  });

  it('would notice a code removed from the catalog', () => {
    const named = errorCodesOfInterface(markdown);
    const shrunk = ERRORS.filter((e) => e.code !== 'CARD_ALREADY_CLOSED');
    expect([...named.keys()].filter((code) => !shrunk.some((e) => e.code === code))).toEqual(['CARD_ALREADY_CLOSED']);
  });

  it('names every event type and every card transition the interface states', () => {
    for (const type of ['TEST', 'EXTERNAL_ACCOUNT.STATUS_UPDATED', 'INTERNAL_ACCOUNT.BALANCE_UPDATED', 'CUSTOMER.KYC_APPROVED']) {
      expect(markdown).toContain(`\`${type}\``);
      expect(EVENTS.map((e) => e.type)).toContain(type);
    }
    const card = MACHINES.find((m) => m.machine === 'card')!;
    expect(card.allowed.length + card.forbidden.length).toBe(9);
    expect(catalogIdFor('events', 'event:CARD_TRANSACTION.SETTLED')).toBe('event:CARD_TRANSACTION.*');
    expect(catalogIdFor('events', 'event:NOT.AN_EVENT')).toBeUndefined();
  });

  it('cites a section for every entry and has unique ids', () => {
    for (const entry of [...ERRORS, ...EVENTS, ...OPERATIONS, ...MACHINES]) expect(entry.section.length).toBeGreaterThan(3);
    for (const list of Object.values(catalogIds())) expect(new Set(list).size).toBe(list.length);
  });
});
