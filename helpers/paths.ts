import { resolve } from 'node:path';

/** Where a run writes its reports; SVC_REPORTS_DIR lets parallel runs (mutants, shards) keep apart. */
export const REPORTS_DIR = resolve(process.env.SVC_REPORTS_DIR ?? 'reports');
/** Raw records written by test workers and merged at the end of the run. */
export const RAW_DIR = resolve(REPORTS_DIR, '.raw');
