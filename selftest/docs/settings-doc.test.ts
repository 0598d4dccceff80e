// docs/settings.md is generated from the two declarations of settings (npm run docs:settings): the
// committed file must be what they give now, and name every variable of each.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { SETTINGS, type Setting } from '../../helpers/target/registry.js';
import { settingsHelp } from '../../helpers/target/settings-help.js';
import { helpText, SANDBOX_OPTIONS } from '../../sandbox/options.js';
import { SETTINGS_DOC, settingsDoc } from './settings-doc.js';

describe('docs/settings.md', () => {
  it('is current with helpers/target/registry.ts and sandbox/options.ts (npm run docs:settings)', () => {
    expect(readFileSync(SETTINGS_DOC, 'utf8')).toBe(settingsDoc());
  });

  it('names every SVC_* and SANDBOX_* variable the two declare', () => {
    const doc = settingsDoc();
    for (const s of Object.values(SETTINGS)) if ('variable' in s && s.variable) expect(doc).toContain(`\`${s.variable}\``);
    for (const o of Object.values(SANDBOX_OPTIONS)) if ('variable' in o && o.variable) expect(doc).toContain(`\`${o.variable}\``);
  });

  it('is what --help of npm run conformance and of npm run sandbox print, from the same declarations', () => {
    const harness = settingsHelp();
    for (const s of Object.values(SETTINGS) as Setting<unknown>[]) {
      if (!s.variable) continue;
      // A tool's setting, or a variable between the project's own processes, is no setting of a run.
      if (s.for || s.internal) expect(harness).not.toContain(`  ${s.variable}   (`);
      else expect(harness).toContain(`  ${s.variable}   (`);
    }
    const sandbox = helpText();
    for (const o of Object.values(SANDBOX_OPTIONS)) if ('flag' in o && o.flag) expect(sandbox).toContain(`--${o.flag}`);
  });
});
