// The sandbox's alternates (sandbox/choices.ts) against its README's table of choices: every
// alternate the table names as built (a cell opening with `name`:) is one the sandbox declares and
// takes somewhere in its code, and every one it declares is in the table; and every choice has one.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { ALTERNATES } from '../../sandbox/choices.js';

const SANDBOX = resolve(import.meta.dirname, '../../sandbox');
const README = readFileSync(join(SANDBOX, 'README.md'), 'utf8');

/** The rows of the Choices table: area, what the sandbox does, what leaves it open, alternate. */
function choiceRows(): string[][] {
  const section = README.slice(README.indexOf('## Choices'), README.indexOf('\n## ', README.indexOf('## Choices') + 1));
  return section
    .split('\n')
    .filter((l) => l.startsWith('| ') && !l.startsWith('| area ') && !l.startsWith('|---'))
    .map((l) => l.split(/(?<!\\)\|/).slice(1, -1).map((c) => c.trim()));
}

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    return statSync(path).isDirectory() ? sources(path) : name.endsWith('.ts') ? [readFileSync(path, 'utf8')] : [];
  });
}

describe('the sandbox README choices and the built alternates', () => {
  const rows = choiceRows();
  const choices = rows.filter((c) => !c[2].startsWith('Stated'));
  const named = rows.flatMap((c) => [...c[3].matchAll(/(?:^|; )`([a-z0-9-]+)`:/g)].map((m) => m[1]));

  it('reads the table', () => {
    expect(rows.every((c) => c.length === 4), 'every row has four cells').toBe(true);
    expect(choices.length).toBeGreaterThan(100);
  });

  it('names in the table exactly the alternates the sandbox declares', () => {
    expect(new Set(named).size, 'no alternate is named twice').toBe(named.length);
    expect([...named].sort()).toEqual(Object.keys(ALTERNATES).sort());
  });

  it('takes each declared alternate somewhere in its code', () => {
    const code = sources(SANDBOX).join('\n');
    const unused = Object.keys(ALTERNATES).filter((id) => !code.includes(`alternate('${id}')`));
    expect(unused).toEqual([]);
  });

  it('has a built alternate for every choice', () => {
    const without = choices.filter((c) => !/(?:^|; )`[a-z0-9-]+`:/.test(c[3])).map((c) => `${c[0]}: ${c[1].slice(0, 80)}`);
    expect(without, 'choices of sandbox/README.md without a built alternate').toEqual([]);
    expect(named.length, 'alternates named in the table, at least one per choice').toBeGreaterThanOrEqual(choices.length);
  });
});
