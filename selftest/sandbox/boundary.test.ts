// Judge and judged are independent: nothing under sandbox/ imports the harness (helpers/, fixtures/,
// suites/, selftest/), and nothing under suites/, helpers/ or fixtures/ imports the sandbox, except
// the embedded boot: helpers/target/global-setup.ts names sandbox/embedded.ts, and
// helpers/target/sandbox-bundle.ts loads the bundle built from it (one computed import()). Every import form is read with the TypeScript
// parser (static, re-export, type-only, dynamic import(), require(), import x = require(), tsx's
// tsImport()) and each relative specifier is resolved to the file it loads; an import whose target
// cannot be told (a computed specifier, an unresolvable path) is a finding too.
import { existsSync, readdirSync, readFileSync, realpathSync, statSync } from 'node:fs';
import { dirname, join, relative, resolve, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { importsOf } from '../imports.js';

const ROOT = resolve(import.meta.dirname, '../..');
const SOURCE = /\.(c|m)?(t|j)sx?$/;
const AREAS = ['sandbox', 'helpers', 'fixtures', 'suites', 'selftest'] as const;
type Area = (typeof AREAS)[number] | 'outside';

/** The file a specifier loads from `fromFile`, or a package name, or undefined when it cannot be told. */
export function resolveSpecifier(fromFile: string, specifier: string): { file: string } | { package: string } | undefined {
  let base: string | undefined;
  if (specifier.startsWith('file:')) base = fileURLToPath(specifier);
  else if (specifier.startsWith('.') || specifier.startsWith('/')) base = resolve(dirname(fromFile), specifier);
  else if (specifier.startsWith('#')) return undefined;
  else return { package: specifier.startsWith('@') ? specifier.split('/').slice(0, 2).join('/') : specifier.split('/')[0] };
  const stem = base.replace(/\.(c|m)?js$/, '');
  const candidates = [base, `${stem}.ts`, `${stem}.mts`, `${stem}.cts`, `${stem}.tsx`, `${base}.ts`, `${base}.js`, join(base, 'index.ts'), join(base, 'index.js')];
  const found = candidates.find((c) => existsSync(c) && statSync(c).isFile());
  return found ? { file: realpathSync(found) } : undefined;
}

export function areaOf(file: string): Area {
  const rel = relative(ROOT, file);
  if (rel.startsWith('..')) return 'outside';
  const top = rel.split(sep)[0];
  return (AREAS as readonly string[]).includes(top) ? (top as Area) : 'outside';
}

const FORBIDDEN: Partial<Record<Area, Area[]>> = {
  sandbox: ['helpers', 'fixtures', 'suites', 'selftest'],
  suites: ['sandbox'],
  helpers: ['sandbox'],
  fixtures: ['sandbox'],
};
// The embedded boot loads the sandbox's entry for embedding processes (embedded.ts: it starts the
// sandbox and reads what it declares about itself), and nothing else of it.
const BOOT = { from: 'helpers/target/global-setup.ts', to: ['sandbox/embedded.ts'] };
// The boot loads that entry from a bundle (helpers/target/sandbox-bundle.ts): one import() with a
// computed specifier, the bundle's path, is allowed in that file, and its entry must be embedded.ts.
const BUNDLE = 'helpers/target/sandbox-bundle.ts';
const OWN_NAME = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')).name as string;

/** The findings for one file's text (the file need not exist: the checker's own tests feed it text). */
export function findings(file: string, text: string): string[] {
  const from = areaOf(file);
  const banned = FORBIDDEN[from];
  if (!banned) return [];
  const where = (line: number) => `${relative(ROOT, file)}:${line}`;
  const out: string[] = [];
  let bundleImports = 0;
  for (const ref of importsOf(file, text)) {
    if (ref.specifier === undefined && ref.kind === 'import()' && relative(ROOT, file) === BUNDLE && bundleImports++ === 0) continue;
    if (ref.specifier === undefined) {
      out.push(`${where(ref.line)}: ${ref.kind} with a computed specifier; its target cannot be checked`);
      continue;
    }
    const target = resolveSpecifier(file, ref.specifier);
    if (!target) {
      out.push(`${where(ref.line)}: ${ref.kind} '${ref.specifier}' resolves to no file`);
      continue;
    }
    if ('package' in target) {
      if (target.package === OWN_NAME) out.push(`${where(ref.line)}: ${ref.kind} '${ref.specifier}' imports the project by its own name`);
      continue;
    }
    const to = areaOf(target.file);
    const boot = relative(ROOT, file) === BOOT.from && BOOT.to.includes(relative(ROOT, target.file));
    if (banned.includes(to) && !boot) out.push(`${where(ref.line)}: ${from}/ imports ${relative(ROOT, target.file)} (${ref.kind} '${ref.specifier}')`);
  }
  return out;
}

function sourceFiles(dir: string): string[] {
  const out: string[] = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    if (entry.name === 'node_modules' || entry.name.startsWith('.')) continue;
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...sourceFiles(path));
    else if (SOURCE.test(entry.name) && !entry.name.endsWith('.d.ts')) out.push(path);
  }
  return out;
}

describe('import boundary between the harness and the sandbox', () => {
  const files = AREAS.filter((a) => a !== 'selftest').flatMap((a) => sourceFiles(join(ROOT, a)));

  it('reads the source tree: sandbox, helpers, suites and fixtures files, the embedded boot among them', () => {
    for (const area of ['sandbox', 'helpers', 'suites', 'fixtures']) expect(files.some((f) => areaOf(f) === area), area).toBe(true);
    const boot = join(ROOT, BOOT.from);
    const refs = importsOf(boot, readFileSync(boot, 'utf8')).map((r) => r.specifier && resolveSpecifier(boot, r.specifier));
    for (const to of BOOT.to) expect(refs).toContainEqual({ file: realpathSync(join(ROOT, to)) });
  });

  it('finds no forbidden import in either direction', () => {
    const found = files.flatMap((f) => findings(f, readFileSync(f, 'utf8')));
    expect(found).toEqual([]);
  });
});

describe('the boundary checker itself', () => {
  const inSandbox = join(ROOT, 'sandbox/external-accounts/example.ts');
  const inSuites = join(ROOT, 'suites/webhooks/example.test.ts');

  it('catches every import form from sandbox/ into the harness', () => {
    const text = [
      "import { a } from '../../helpers/expect.js';",
      "import type { B } from '../../helpers/schemas/index.js';",
      "export { c } from '../../fixtures/random.js';",
      "const d = await import('../../helpers/webhook-signature.js');",
      'const e = await import(`../../suites/webhooks/delivery-retry.test.js`);',
      "const f = require('../../helpers/client.js');",
      "import g = require('../../helpers/harness.js');",
      "type H = import('../../helpers/spec/catalog.js').Machine;",
      "import '../../selftest/run-conformance.js';",
      'const i = await import(somewhere);',
      "import { j } from '../../helpers/does-not-exist.js';",
      "import { k } from '../crypto/bitcoin.js';",
      "import { l } from 'zod';",
    ].join('\n');
    const found = findings(inSandbox, text);
    expect(found.filter((f) => f.includes('sandbox/ imports helpers/'))).toHaveLength(6);
    expect(found.filter((f) => f.includes('imports fixtures/random.ts'))).toHaveLength(1);
    expect(found.filter((f) => f.includes('imports selftest/run-conformance.ts'))).toHaveLength(1);
    expect(found.filter((f) => f.includes('imports suites/webhooks/delivery-retry.test.ts'))).toHaveLength(1);
    expect(found.filter((f) => f.includes('computed specifier'))).toHaveLength(1);
    expect(found.filter((f) => f.includes('resolves to no file'))).toHaveLength(1);
    expect(found).toHaveLength(11);
  });

  it('catches the harness importing the sandbox, and allows only the embedded boot', () => {
    expect(findings(inSuites, "import { buildSandbox } from '../../sandbox/app.js';")).toHaveLength(1);
    expect(findings(inSuites, "const { FAULTS } = await import('../../sandbox/faults.js');")).toHaveLength(1);
    expect(findings(join(ROOT, 'helpers/flows/example.ts'), "import { x } from 'svc-conformance/sandbox/app.js';")).toHaveLength(1);
    expect(findings(inSuites, "const app = await tsImport('../../sandbox/app.ts', import.meta.url);")).toHaveLength(1);
    expect(findings(inSuites, "const app = await tsx.tsImport('../../sandbox/app.ts', import.meta.url);")).toHaveLength(1);
    expect(findings(join(ROOT, BOOT.from), "const s = await tsImport('../../sandbox/embedded.ts', import.meta.url);")).toEqual([]);
    expect(findings(join(ROOT, BOOT.from), "type S = typeof import('../../sandbox/embedded.js');")).toEqual([]);
    expect(findings(join(ROOT, BOOT.from), "const { buildSandbox } = await import('../../sandbox/app.js');")).toHaveLength(1);
    expect(findings(join(ROOT, BOOT.from), "const { FAULTS } = await tsImport('../../sandbox/faults.ts', import.meta.url);")).toHaveLength(1);
    expect(findings(inSuites, "// import '../../sandbox/app.js'\nconst s = 'import(\"../../sandbox/app.js\")';")).toEqual([]);
  });

  it('allows the bundle module one import() of the bundle it built, from the embedded entry, and nothing more', async () => {
    const { SANDBOX_ENTRY } = await import('../../helpers/target/sandbox-bundle.js');
    expect(SANDBOX_ENTRY).toBe(BOOT.to[0]);
    const bundle = join(ROOT, BUNDLE);
    expect(findings(bundle, 'const m = await import(pathToFileURL(file).href);')).toEqual([]);
    expect(findings(bundle, 'const m = await import(file);\nconst n = await import(other);')).toHaveLength(1);
    expect(findings(bundle, "const { FAULTS } = await import('../../sandbox/faults.js');")).toHaveLength(1);
    expect(findings(bundle, 'const m = require(file);')).toHaveLength(1);
    expect(findings(join(ROOT, 'helpers/target/other.ts'), 'const m = await import(file);')).toHaveLength(1);
  });
});

// The house rules of the sandbox (DESIGN.md, Layout): each sandbox/<area>/ mirrors a suites/<area>/
// folder and is imported by other areas only through its state.ts, the area's store and presenters;
// route files stay small (one concern each); and no file of the source tree takes part in an import
// cycle. Folders of sandbox/ that are not areas (crypto/, store/, http/, image/) are shared code any
// area may use; files at the top of sandbox/ compose the areas into one server.
const SANDBOX = join(ROOT, 'sandbox');
const SUITE_AREAS = new Set(readdirSync(join(ROOT, 'suites'), { withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => e.name));
const SHARED = new Set(['crypto', 'store', 'http', 'image']);
const MAX_ROUTE_LINES = 300;

/** The project file a relative specifier loads, or undefined for a package or an unresolvable one. */
function resolvedFile(fromFile: string, specifier: string): string | undefined {
  const target = resolveSpecifier(fromFile, specifier);
  return target && 'file' in target ? target.file : undefined;
}

/** The sandbox area a file belongs to: its top folder under sandbox/ when that folder is an area. */
export function sandboxAreaOf(file: string): string | undefined {
  const rel = relative(SANDBOX, file);
  if (rel.startsWith('..')) return undefined;
  const parts = rel.split(sep);
  return parts.length > 1 && !SHARED.has(parts[0]) ? parts[0] : undefined;
}

/** Imports from one sandbox area into another that pass by the other area's state.ts. */
export function crossAreaFindings(file: string, text: string): string[] {
  const from = sandboxAreaOf(file);
  if (!from) return [];
  return importsOf(file, text).flatMap((ref) => {
    const target = ref.specifier && resolvedFile(file, ref.specifier);
    const to = target && sandboxAreaOf(target);
    if (!target || !to || to === from || relative(join(SANDBOX, to), target) === 'state.ts') return [];
    return [`${relative(ROOT, file)}:${ref.line}: imports ${relative(ROOT, target)}; another area is imported through its state.ts only`];
  });
}

/** Every import cycle among the given files (each as its files in load order), type-only imports included. */
export function cycles(edges: ReadonlyMap<string, readonly string[]>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  let next = 0;
  const visit = (v: string) => {
    index.set(v, next);
    low.set(v, next++);
    stack.push(v);
    onStack.add(v);
    for (const w of edges.get(v) ?? []) {
      if (!index.has(w)) {
        visit(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) low.set(v, Math.min(low.get(v)!, index.get(w)!));
    }
    if (low.get(v) !== index.get(v)) return;
    const component: string[] = [];
    let w: string;
    do {
      w = stack.pop()!;
      onStack.delete(w);
      component.push(w);
    } while (w !== v);
    if (component.length > 1 || (edges.get(v) ?? []).includes(v)) found.push(component.reverse());
  };
  for (const v of edges.keys()) if (!index.has(v)) visit(v);
  return found;
}

function importGraph(files: readonly string[]): Map<string, string[]> {
  return new Map(files.map((f) => [f, importsOf(f, readFileSync(f, 'utf8')).flatMap((r) => (r.specifier ? [resolvedFile(f, r.specifier)].filter((x): x is string => !!x) : []))]));
}

describe('the sandbox house rules', () => {
  const sandboxFiles = sourceFiles(SANDBOX);

  it('names every area folder of sandbox/ after a suites/ folder, each with its slice of the fault catalog', () => {
    const folders = readdirSync(SANDBOX, { withFileTypes: true }).filter((e) => e.isDirectory() && !SHARED.has(e.name)).map((e) => e.name);
    expect(folders.length).toBeGreaterThan(10);
    expect(folders.filter((f) => !SUITE_AREAS.has(f))).toEqual([]);
    expect(folders.filter((f) => !existsSync(join(SANDBOX, f, 'faults.ts')))).toEqual([]);
  });

  it('imports another area only through its state.ts', () => {
    expect(sandboxFiles.flatMap((f) => crossAreaFindings(f, readFileSync(f, 'utf8')))).toEqual([]);
  });

  it('keeps each route file of an area within 300 lines', () => {
    const long = sandboxFiles
      .filter((f) => sandboxAreaOf(f) && !/(^|\/)faults\.ts$/.test(f))
      .map((f) => [relative(ROOT, f), readFileSync(f, 'utf8').split('\n').length] as const)
      .filter(([, n]) => n > MAX_ROUTE_LINES);
    expect(long).toEqual([]);
  });

  it('has no import cycle between files anywhere in the source tree', () => {
    const files = ['sandbox', 'helpers', 'fixtures', 'suites', 'selftest'].flatMap((d) => sourceFiles(join(ROOT, d)));
    expect(cycles(importGraph(files)).map((c) => c.map((f) => relative(ROOT, f)).join(' -> '))).toEqual([]);
  });
});

describe('the house-rules checkers themselves', () => {
  it('finds a cycle of two files, of three, and a file importing itself, and none in a chain', () => {
    expect(cycles(new Map([['a', ['b']], ['b', ['a']]]))).toHaveLength(1);
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', ['a']], ['d', ['a']]]))).toEqual([['a', 'b', 'c']]);
    expect(cycles(new Map([['a', ['a']]]))).toEqual([['a']]);
    expect(cycles(new Map([['a', ['b']], ['b', ['c']], ['c', []]]))).toEqual([]);
  });

  it("flags an area importing another area's routes or any module but its state.ts, and allows state.ts and shared code", () => {
    const inCards = join(SANDBOX, 'cards', 'example.ts');
    const text = (spec: string) => `import { x } from '${spec}';`;
    expect(crossAreaFindings(inCards, text('../customers/state.js'))).toEqual([]);
    expect(crossAreaFindings(inCards, text('../store/cursor-page.js'))).toEqual([]);
    expect(crossAreaFindings(inCards, text('./state.js'))).toEqual([]);
    const routes = readdirSync(join(SANDBOX, 'customers')).find((f) => f !== 'state.ts' && f.endsWith('.ts'))!;
    expect(crossAreaFindings(inCards, text(`../customers/${routes.replace(/\.ts$/, '.js')}`))).toHaveLength(1);
    expect(crossAreaFindings(inCards, `import type { T } from '../customers/${routes.replace(/\.ts$/, '.js')}';`)).toHaveLength(1);
  });
});
