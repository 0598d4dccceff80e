import { resolve } from 'node:path';
import { readSetting, SETTINGS } from './target/registry.js';

/** Where a run writes its reports; SVC_REPORTS_DIR lets parallel runs (mutants, shards) keep apart. */
export const REPORTS_DIR = resolve(readSetting(SETTINGS.reportsDir)!);
/** Raw records written by test workers and merged at the end of the run. */
export const RAW_DIR = resolve(REPORTS_DIR, '.raw');
