// The Allure reporter of the conformance runs: allure-vitest's, with changes that keep a run's end
// short.
// - Each test file's results are written when that file ends (vitest's onTestModuleEnd), not all at
//   the run's end: allure-vitest writes every result and attachment of the run in its onTestRunEnd,
//   and a run holds about eight thousand of them (exchanges are attachments). The messages written
//   then leave the tasks (see forget).
// - Files are written asynchronously (off the main thread, which also serves the embedded sandbox and
//   the webhook listener) and without an fsync per file: allure-js-commons' FileSystemWriter flushes
//   each one to the disk before renaming it into place. The results stay atomic for their reader
//   (written to a temporary name, then renamed); only their surviving a power cut is given up.
//   Attachments are written in place: a result is renamed into place only once the attachments
//   handed over before it are written, so a result that can be read names only written attachments.
// - expect() calls are not steps: every project loads helpers/report/allure-steps.ts first.
// - Tests run under allure-vitest's async context only while they are concurrent
//   (helpers/report/allure-runner.ts): on Node 20 the context slows every promise of its thread.
// The run's end waits for every write (onTestRunEnd), so the reports are complete when vitest exits.
import { copyFile, mkdir, rename, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { randomUUID } from 'node:crypto';
import AllureVitestReporter from 'allure-vitest/reporter';
import { FileSystemWriter, stringifyEnvInfo } from 'allure-js-commons/sdk/reporter';
import type { TestModule, Vitest } from 'vitest/node';

/** The setup file that keeps expect() calls out of the steps. */
const STEPS = fileURLToPath(new URL('./allure-steps.ts', import.meta.url));
/** The runner that enters allure-vitest's async context for concurrent tests alone. */
const ALLURE_RUNNER = fileURLToPath(new URL('./allure-runner.ts', import.meta.url));

/** How many files are written at once: enough to keep the disk busy, few enough to leave libuv's pool free. */
const WRITES_AT_ONCE = 4;

class UnsyncedWriter extends FileSystemWriter {
  private readonly queue: (() => Promise<void>)[] = [];
  private running = 0;
  private idle: (() => void)[] = [];
  private failure: Error | undefined;
  private readonly ready: Promise<unknown>;

  constructor(private readonly dir: string) {
    super({ resultsDir: dir });
    this.ready = mkdir(dir, { recursive: true });
  }

  /** Attachments handed over since the last result or other file: that file waits for them. */
  private attachments: Promise<void>[] = [];

  /** Queues `job`; the promise settles with it (a failure is kept for flushed()). */
  private enqueue(job: () => Promise<void>): Promise<void> {
    return new Promise<void>((settled) => {
      this.queue.push(() => job().finally(settled));
      this.pump();
    });
  }

  /** Written to a temporary name, then renamed into place once the attachments before it are written. */
  private publish(name: string, write: (temp: string) => Promise<void>): void {
    const before = this.attachments.splice(0);
    void this.enqueue(async () => {
      await this.ready;
      const temp = join(this.dir, `.allure-write-${randomUUID()}.tmp`);
      await write(temp);
      await Promise.all(before);
      await rename(temp, join(this.dir, name));
    });
  }

  private pump(): void {
    while (this.running < WRITES_AT_ONCE && this.queue.length) {
      const job = this.queue.shift()!;
      this.running++;
      job()
        .catch((err: Error) => {
          this.failure ??= err;
        })
        .finally(() => {
          this.running--;
          this.pump();
        });
    }
    if (!this.running && !this.queue.length) for (const done of this.idle.splice(0)) done();
  }

  /** Resolves once every file handed over so far is in place; fails with the first write that failed. */
  async flushed(): Promise<void> {
    if (this.running || this.queue.length) await new Promise<void>((done) => this.idle.push(done));
    if (this.failure) throw new Error(`the Allure results could not be written to ${this.dir}: ${this.failure.message}`);
  }

  private text(name: string, content: string | Buffer): void {
    this.publish(name, (temp) => writeFile(temp, content));
  }

  override writeAttachment(name: string, content: Buffer): void {
    // Written in place: it is read only through the result that names it, which waits for it (one
    // file operation fewer for each of the run's many exchanges).
    this.attachments.push(
      this.enqueue(async () => {
        await this.ready;
        await writeFile(join(this.dir, name), content);
      }),
    );
  }

  override writeAttachmentFromPath(name: string, from: string): void {
    this.publish(name, (temp) => copyFile(from, temp));
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

/** allure-vitest's reporter as its methods are used here (its typings name neither). */
interface AllureVitestInternals {
  allureReporterRuntime: { writer: unknown };
  handleTask(task: unknown): void;
}

interface Task {
  meta: Record<string, unknown>;
  tasks?: Task[];
}

function forget(task: Task): void {
  delete task.meta.allureRuntimeMessages;
  delete task.meta.allureGlobalRuntimeMessages;
  for (const child of task.tasks ?? []) forget(child);
}

export default class AllureReporter extends AllureVitestReporter {
  private writer: UnsyncedWriter | undefined;
  /** Test files whose results are written (at their end): the run's end writes only the others. */
  private readonly written = new Set<string>();

  constructor(private readonly options: { resultsDir: string }) {
    super(options);
  }

  override onInit(vitest: Vitest): void {
    // allure-vitest's onInit gives every project its runner, which puts every test under its async
    // context; a project with no runner of its own gets the one that does so for concurrent tests
    // alone. A project with a runner of its own keeps allure-vitest's, which wraps it.
    const ownRunner = new Map(vitest.projects.map((p) => [p, p.config.runner]));
    super.onInit(vitest);
    // Browser projects keep allure-vitest's (this runner is Node's).
    for (const project of vitest.projects) if (!ownRunner.get(project) && !project.config.browser.enabled) project.config.runner = ALLURE_RUNNER;
    for (const { config } of vitest.projects) if (!config.setupFiles.includes(STEPS)) config.setupFiles.unshift(STEPS);
    const writer = new UnsyncedWriter(this.options.resultsDir);
    this.writer = writer;
    const self = this as unknown as AllureVitestInternals;
    self.allureReporterRuntime.writer = writer;
  }

  onTestModuleEnd(testModule: TestModule): void {
    if (this.written.has(testModule.id)) return;
    this.written.add(testModule.id);
    const task = (testModule as unknown as { task: Task }).task;
    (this as unknown as AllureVitestInternals).handleTask(task);
    // Written: the messages (every exchange, base64) leave the run's memory and the other reports,
    // which would otherwise each carry a second copy of them (results.json, a shard's blob).
    forget(task);
  }

  override async onTestRunEnd(modules: readonly TestModule[]): Promise<void> {
    // Files that never ended (an interrupted run) and the run's global messages.
    super.onTestRunEnd(modules.filter((m) => !this.written.has(m.id)) as TestModule[]);
    await this.writer?.flushed();
  }
}
