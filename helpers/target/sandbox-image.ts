// `npm run sandbox:image`: bundles the sandbox into one ES module, gathers the Node binary and the
// shared libraries it links (ldd) into a root filesystem, and builds sandbox/image/Containerfile
// from scratch with Podman (or Docker), offline. SVC_SANDBOX_IMAGE names the tag. It sits with the
// harness, not in sandbox/, because it reads its settings from the registry and loads no sandbox
// module: esbuild reads the sandbox's sources as files.
import { execFileSync, spawnSync } from 'node:child_process';
import { copyFileSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { build } from 'esbuild';
import { readSetting, SETTINGS } from './registry.js';

const ROOT = resolve(import.meta.dirname, '../..');
export const IMAGE = readSetting(SETTINGS.sandboxImage)!;
const context = join(ROOT, 'build/image');
const rootfs = join(context, 'rootfs');

export function engine(): string {
  for (const candidate of [readSetting(SETTINGS.containerEngine), 'podman', 'docker'].filter(Boolean) as string[]) {
    if (spawnSync(candidate, ['--version'], { stdio: 'ignore' }).status === 0) return candidate;
  }
  throw new Error('no container engine (podman or docker) on PATH; .ci/container-engine installs Podman');
}

export async function buildImage(): Promise<string> {
  rmSync(context, { recursive: true, force: true });
  mkdirSync(join(rootfs, 'app'), { recursive: true });
  mkdirSync(join(rootfs, 'tmp'), { recursive: true });
  await build({
    entryPoints: [join(ROOT, 'sandbox/cli.ts')],
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    outfile: join(rootfs, 'app/sandbox.mjs'),
    banner: { js: "import { createRequire as __svcRequire } from 'node:module'; const require = __svcRequire(import.meta.url);" },
    logLevel: 'warning',
  });
  const node = process.execPath;
  const libs = execFileSync('ldd', [node], { encoding: 'utf8' })
    .split('\n')
    .map((l) => l.match(/(\/\S+) \(0x/)?.[1])
    .filter((p): p is string => Boolean(p));
  for (const file of [node, ...libs]) {
    mkdirSync(join(rootfs, dirname(file)), { recursive: true });
    copyFileSync(file, join(rootfs, file));
  }
  writeFileSync(join(rootfs, 'etc-passwd-note'), 'runs as uid 65534 (nobody)\n');
  const tool = engine();
  const res = spawnSync(tool, ['build', '--pull=never', '-f', join(ROOT, 'sandbox/image/Containerfile'), '-t', IMAGE, context], { stdio: 'inherit' });
  if (res.status !== 0) throw new Error(`${tool} build failed with ${res.status}`);
  return IMAGE;
}

if (process.argv[1] && resolve(process.argv[1]) === resolve(import.meta.filename)) {
  process.stdout.write(`built ${await buildImage()}\n`);
}
