import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clearDirectory } from '../../helpers/report/clear-directory.js';

describe('clearDirectory (an earlier run\'s Allure results)', () => {
  it('empties the folder at once, and deletes what it moved aside and what a killed run left aside', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'svc-clear-'));
    try {
      const dir = join(reports, 'allure-results');
      mkdirSync(dir);
      for (let i = 0; i < 5; i++) writeFileSync(join(dir, `r${i}-result.json`), '{}');
      // A run killed while it deleted (another process's pid), and one of this process still being deleted by it.
      const killed = join(reports, 'allure-results.old-999999999-x');
      const own = join(reports, `allure-results.old-${process.pid}-y`);
      for (const d of [killed, own]) {
        mkdirSync(d);
        writeFileSync(join(d, 'r-result.json'), '{}');
      }
      const done = clearDirectory(dir);
      expect(readdirSync(dir), 'the folder is empty before the deletion ends').toEqual([]);
      await done;
      expect(readdirSync(reports).sort()).toEqual(['allure-results', `allure-results.old-${process.pid}-y`]);
      expect(existsSync(killed)).toBe(false);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });

  it('deletes a folder left aside when there is nothing to clear', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'svc-clear-'));
    try {
      mkdirSync(join(reports, 'allure-results.old-999999999-x'));
      mkdirSync(join(reports, 'allure-results-other'));
      await clearDirectory(join(reports, 'allure-results'));
      expect(readdirSync(reports)).toEqual(['allure-results-other']);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });
});
