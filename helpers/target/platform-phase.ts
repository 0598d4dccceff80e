// The platform-wide scenarios (`*.platform.test.ts`) change what every other scenario relies on: the
// platform's configuration, its webhook endpoint, its invitation and stablecoin settings. They run in
// the conformance project with the others, each alone and after all of them: a platform-wide file
// enters the platform phase once every other file of the run has ended and no other platform-wide
// file is in it, and leaves it when it ends. The sequencer puts them last (helpers/sequencer.ts), so
// they wait only for the files still running.
//
// Not a project of their own, run after the other: vitest starts each project's workers anew, and each
// worker loads the harness again, which would cost the run several times what those few scenarios take.
//
// Main side: the sequencer plans the phase with the files this process will run (after a `--shard`
// took its part: vitest's onTestRunStart still names every file); a reporter, added by this file's
// vitest plugin to whatever reporters the run has, learns when each ends (onTestModuleEnd). The workers
// ask the listener's control server whether they may enter (helpers/listener/server.ts,
// /platform-phase), and helpers/target/platform-phase.setup.ts asks for each platform-wide file before
// its scenarios.
//
// A file whose worker exits never reports its end (vitest says so only once the run is over). So a
// waiting file also fails once no file of the run has reported anything (a scenario or hook begun or
// ended) for twice the project's longest test or hook timeout: each live file reports within that.
import type { Reporter, TestModule, Vite } from 'vitest/node';

export const PLATFORM_FILE = /\.platform\.test\.ts$/;
/** The project whose platform-wide files keep to the phase (vitest.config.ts). */
export const PHASED_PROJECT = 'conformance';
/**
 * How long a platform-wide file waits for the others to end before it fails, naming them, however
 * busy they are: each of their scenarios has its own timeout, so only a run that hangs elsewhere
 * comes near it.
 */
export const PLATFORM_PHASE_WAIT_MS = 15 * 60_000;

export interface PhaseAnswer {
  entered: boolean;
  /** The files the phase still waits for: other files still running, or the platform-wide file in it. */
  waitingOn: string[];
}

export class PlatformPhase {
  /** The run's other files of the phased project that have not ended yet. */
  private readonly others = new Set<string>();
  private planned = false;
  private cancelled: string | undefined;
  /** The platform-wide file in the phase. */
  private holder: string | undefined;
  private readonly wakers = new Set<() => void>();
  /** When a file of the run last reported anything; waiting fails once it is `stallMs` ago. */
  private lastProgress = Date.now();
  private stallMs = Infinity;

  /**
   * A run starts: the files of the phased project this process will run (module ids), as the
   * sequencer orders them, and how long a live file may go without reporting anything.
   */
  plan(files: Iterable<string>, stallMs = Infinity): void {
    this.others.clear();
    for (const f of files) if (!PLATFORM_FILE.test(f)) this.others.add(f);
    this.planned = true;
    this.cancelled = undefined;
    this.holder = undefined;
    this.stallMs = stallMs;
    this.lastProgress = Date.now();
    this.changed();
  }

  /** A file of the run reported something: a scenario or hook began or ended. */
  progress(): void {
    this.lastProgress = Date.now();
  }

  /** A file ended (passed, failed, skipped or errored): a platform-wide one leaves the phase. */
  ended(file: string): void {
    this.lastProgress = Date.now();
    this.others.delete(file);
    if (this.holder === file) this.holder = undefined;
    this.changed();
  }

  /** The run was cancelled (a bail, an interrupt): waiting files stop waiting and fail with `reason`. */
  cancel(reason: string): void {
    this.cancelled = reason;
    this.changed();
  }

  /**
   * Whether the platform-wide `file` is in the phase, waiting up to `waitMs` for it: it enters once
   * every other file has ended and no other platform-wide file is in the phase. Throws once the run was
   * cancelled, when no file reported anything for the stall bound (a file whose worker exited), or
   * when no run was planned.
   */
  async enter(file: string, waitMs: number): Promise<PhaseAnswer> {
    const deadline = Date.now() + Math.max(0, waitMs);
    for (;;) {
      if (this.cancelled !== undefined) throw new Error(`the run was cancelled (${this.cancelled}); the platform-wide scenarios of ${file} do not start`);
      if (!this.planned) throw new Error('no run was planned: the sequencer (helpers/sequencer.ts) did not order the run\'s files');
      if (this.holder === file || (this.others.size === 0 && this.holder === undefined)) {
        this.holder = file;
        return { entered: true, waitingOn: [] };
      }
      const waitingOn = this.others.size ? [...this.others] : [this.holder!];
      const quiet = Date.now() - this.lastProgress;
      if (quiet >= this.stallMs) {
        throw new Error(`no file of the run reported anything for ${Math.round(quiet / 1000)} s while ${waitingOn.join(', ')} had not ended (a worker that exited: vitest names it at the end); the platform-wide scenarios of ${file} do not start`);
      }
      const remaining = deadline - Date.now();
      if (remaining <= 0) return { entered: false, waitingOn };
      await new Promise<void>((resolve) => {
        const timer = setTimeout(wake, Math.min(remaining, this.stallMs - quiet));
        function wake() {
          clearTimeout(timer);
          resolve();
        }
        this.wakers.add(wake);
      });
    }
  }

  private changed(): void {
    const wakers = [...this.wakers];
    this.wakers.clear();
    for (const wake of wakers) wake();
  }
}

const PHASE = Symbol.for('svc-conformance.platform-phase');

/**
 * The process's one phase: the plugin's reporter (loaded with vitest's config) and the listener's
 * control server (loaded by the global setup's module runner) are different module instances.
 */
export function platformPhase(): PlatformPhase {
  const g = globalThis as typeof globalThis & { [PHASE]?: PlatformPhase };
  return (g[PHASE] ??= new PlatformPhase());
}

/** The phase's view of the run: each file's end, and the signs of life of the files still running. */
export class PlatformPhaseReporter implements Reporter {
  onTestModuleEnd(testModule: TestModule): void {
    if (testModule.project.name === PHASED_PROJECT) platformPhase().ended(testModule.moduleId);
  }

  onTestModuleStart(): void {
    platformPhase().progress();
  }

  onTestCaseReady(): void {
    platformPhase().progress();
  }

  onTestCaseResult(): void {
    platformPhase().progress();
  }

  onHookStart(): void {
    platformPhase().progress();
  }

  onHookEnd(): void {
    platformPhase().progress();
  }
}

/**
 * The phase's reporter, added to the run's reporters whatever they are (a `--reporter` on the command
 * line replaces the configured ones). (The run's cancellation reaches the phase through the sequencer:
 * vitest forgets its cancel listeners as each run starts.)
 */
export function platformPhasePlugin(): Vite.Plugin {
  return {
    name: 'svc-conformance:platform-phase',
    configureVitest({ vitest }) {
      vitest.config.reporters.push(new PlatformPhaseReporter());
    },
  };
}
