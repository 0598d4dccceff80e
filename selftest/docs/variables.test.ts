// Every SVC_* variable read anywhere in the tree is declared in helpers/target/registry.ts, and every
// SANDBOX_* variable in sandbox/options.ts: a variable read without a declaration would have a default
// of its own and no line in docs/settings.md or --help. The harness's source is scanned for the names,
// not for the ways of reading them (process.env.X, env[X], a child's env object), which are too many
// to list; the sandbox's, whose strings are also values it serves (a provider's name), for
// its reads of the environment (its options are read by sandbox/options.ts from their declarations).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { DEFAULT_DESCRIPTION } from '../../helpers/description/document.js';
import { SETTINGS } from '../../helpers/target/registry.js';
import { OPTIONS_VARIABLE, SANDBOX_OPTIONS } from '../../sandbox/options.js';

const ROOT = join(import.meta.dirname, '../..');
/** Where the project's code is: what reads variables or sets them for a process it starts. */
const SCANNED = ['helpers', 'suites', 'fixtures', 'selftest', 'vitest.config.ts', '.ci', '.github'];
const SOURCE = /\.(ts|mts|mjs|js|cjs|json|ya?ml|sh)$|^[^.]+$/;

function files(path: string): string[] {
  if (!statSync(path).isDirectory()) return SOURCE.test(path.split('/').at(-1)!) ? [path] : [];
  return readdirSync(path).flatMap((name) => (name === 'node_modules' ? [] : files(join(path, name))));
}
const read = (file: string) => ({ file: relative(ROOT, file), text: readFileSync(file, 'utf8') });
const SOURCES = SCANNED.flatMap((p) => files(join(ROOT, p))).map(read);
/** The sandbox's reads of a variable: `env.NAME`, `env['NAME']`. */
const SANDBOX_READS = files(join(ROOT, 'sandbox')).map(read).map(({ file, text }) => ({ file, text: [...text.matchAll(/\benv(?:\.|\[\s*['"`])([A-Z][A-Z0-9_]+)/g)].map((m) => m[1]).join('\n') }));

/** Each name of the form, with the files that hold it. */
function namesIn(form: RegExp): Map<string, string[]> {
  const found = new Map<string, string[]>();
  for (const { file, text } of [...SOURCES, ...SANDBOX_READS]) {
    for (const [name] of text.matchAll(form)) {
      const at = found.get(name) ?? [];
      if (!at.includes(file)) at.push(file);
      found.set(name, at);
    }
  }
  return found;
}

/** Names the code defines as its own (a constant, a global's property): not variables of the environment. */
function codeNames(): Set<string> {
  const names = new Set<string>();
  const definition = /(?:\b(?:const|let|var|function|class|interface|type)\s+|\.)([A-Z][A-Z0-9_]+)\s*[=:(<{]/g;
  for (const { text } of SOURCES) for (const [, name] of text.matchAll(definition)) names.add(name!);
  return names;
}

/** Values of the API (error codes, reserved sources such as SVC_INTERNAL_ACCOUNT), named in its description. */
const API_VALUES = new Set(readFileSync(DEFAULT_DESCRIPTION, 'utf8').match(/\b[A-Z][A-Z0-9_]+\b/g));

function undeclared(form: RegExp, declared: Set<string>): string[] {
  const ownNames = codeNames();
  return [...namesIn(form)]
    .filter(([name]) => !declared.has(name) && !ownNames.has(name) && !API_VALUES.has(name))
    .map(([name, at]) => `${name} (${at.join(', ')})`);
}

describe('the variables the code reads', () => {
  it('are SVC_* variables that helpers/target/registry.ts declares', () => {
    const declared = new Set(Object.values(SETTINGS).flatMap((s) => ('variable' in s && s.variable ? [s.variable] : [])));
    expect(undeclared(/(?<![A-Za-z0-9_])SVC_[A-Z0-9_]+/g, declared)).toEqual([]);
  });

  it('are SANDBOX_* variables that sandbox/options.ts declares', () => {
    const declared = new Set([OPTIONS_VARIABLE, ...Object.values(SANDBOX_OPTIONS).flatMap((o) => [o.variable, 'textVariable' in o ? o.textVariable : undefined].filter((v): v is string => !!v))]);
    expect(undeclared(/(?<![A-Za-z0-9_])SANDBOX_[A-Z0-9_]+(?![A-Za-z0-9_])/g, declared)).toEqual([]);
  });

  it('finds a variable the registry does not declare', () => {
    const found = undeclared(/(?<![A-Za-z0-9_])SVC_[A-Z0-9_]+/g, new Set());
    expect(found.find((line) => line.startsWith('SVC_REPORTS_DIR ('))).toMatch(/helpers\/paths\.ts/);
  });
});
