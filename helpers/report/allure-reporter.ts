// The Allure reporter of the conformance runs: allure-vitest's, writing its results without an fsync
// per file. allure-js-commons' FileSystemWriter flushes every result and attachment to the disk
// before renaming it into place; a run writes about two thousand of them (every exchange is an
// attachment), which cost 8 to 10 s of a run's wall time at its end. The results stay atomic for
// their reader (written to a temporary name, then renamed); only their surviving a power cut is given up.
import { renameSync, writeFileSync, mkdirSync, copyFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { randomUUID } from 'node:crypto';
import AllureVitestReporter from 'allure-vitest/reporter';
import { FileSystemWriter, stringifyEnvInfo } from 'allure-js-commons/sdk/reporter';
import type { Vitest } from 'vitest/node';

function publish(path: string, write: (temp: string) => void): void {
  mkdirSync(dirname(path), { recursive: true });
  const temp = join(dirname(path), `.allure-write-${randomUUID()}.tmp`);
  write(temp);
  renameSync(temp, path);
}

class UnsyncedWriter extends FileSystemWriter {
  constructor(private readonly dir: string) {
    super({ resultsDir: dir });
  }

  private text(name: string, content: string | Buffer): void {
    publish(join(this.dir, name), (temp) => writeFileSync(temp, content));
  }

  override writeAttachment(name: string, content: Buffer): void {
    this.text(name, content);
  }

  override writeAttachmentFromPath(name: string, from: string): void {
    publish(join(this.dir, name), (temp) => copyFileSync(from, temp));
  }

  override writeEnvironmentInfo(info: Record<string, string | undefined>): void {
    this.text('environment.properties', stringifyEnvInfo(info));
  }

  override writeCategoriesDefinitions(categories: unknown): void {
    this.text('categories.json', JSON.stringify(categories));
  }

  override writeGroup(result: { uuid: string }): void {
    this.text(`${result.uuid}-container.json`, JSON.stringify(result));
  }

  override writeResult(result: { uuid: string }): void {
    this.text(`${result.uuid}-result.json`, JSON.stringify(result));
  }

  override writeGlobals(name: string, info: unknown): void {
    this.text(name, JSON.stringify(info));
  }
}

export default class AllureReporter extends AllureVitestReporter {
  constructor(private readonly options: { resultsDir: string }) {
    super(options);
  }

  override onInit(vitest: Vitest): void {
    super.onInit(vitest);
    const runtime = (this as unknown as { allureReporterRuntime: { writer: unknown } }).allureReporterRuntime;
    runtime.writer = new UnsyncedWriter(this.options.resultsDir);
  }
}
