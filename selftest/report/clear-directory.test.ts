import { randomUUID } from 'node:crypto';
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { clearDirectory } from '../../helpers/report/clear-directory.js';

describe('clearDirectory (an earlier run\'s Allure results)', () => {
  it('empties the folder at once, and deletes what it moved aside and what an ended process left aside', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'svc-clear-'));
    try {
      const dir = join(reports, 'allure-results');
      mkdirSync(dir);
      for (let i = 0; i < 5; i++) writeFileSync(join(dir, `r${i}-result.json`), '{}');
      const aside = (pid: number) => `allure-results.old-${pid}-${randomUUID()}`;
      // Left by a killed run (no such process), and by an ended process that had this process's pid.
      const ended = [aside(999_999_999), aside(process.pid)];
      // A live process's (pid 1), a user's folder and a file of similar names: not this function's.
      const kept = [aside(1), 'allure-results.old-backup', 'allure-results.old-2-not-a-uuid'];
      for (const name of [...ended, ...kept.slice(0, 2)]) {
        mkdirSync(join(reports, name));
        writeFileSync(join(reports, name, 'r-result.json'), '{}');
      }
      writeFileSync(join(reports, kept[2]), 'a file');
      const done = clearDirectory(dir);
      expect(readdirSync(dir), 'the folder is empty before the deletion ends').toEqual([]);
      await done;
      expect(readdirSync(reports).sort()).toEqual(['allure-results', ...kept].sort());
      for (const name of ended) expect(existsSync(join(reports, name))).toBe(false);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });

  it('deletes a folder left aside when there is nothing to clear', async () => {
    const reports = mkdtempSync(join(tmpdir(), 'svc-clear-'));
    try {
      mkdirSync(join(reports, `allure-results.old-999999999-${randomUUID()}`));
      mkdirSync(join(reports, 'allure-results-other'));
      await clearDirectory(join(reports, 'allure-results'));
      expect(readdirSync(reports)).toEqual(['allure-results-other']);
    } finally {
      rmSync(reports, { recursive: true, force: true });
    }
  });
});
