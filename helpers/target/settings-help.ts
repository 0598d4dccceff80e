// The settings of the registry as text: `npm run conformance -- --help` prints it, and
// docs/settings.md's table of variables is made from the same rows (selftest/docs/settings-doc.ts).
import { SETTINGS, type Mode, type Setting } from './registry.js';

export interface SettingRow {
  name: string;
  variable?: string;
  path?: string;
  type: string;
  default: string;
  meaning: string;
  serves: string;
  /** The entry point that reads it, where not `npm run conformance`. */
  for?: string;
  /** Passed between the project's own processes, never set by a user. */
  internal?: true;
}

const MODES: Mode[] = ['embedded', 'container', 'external'];

function defaultText(s: Setting<unknown>): string {
  const d = s.default;
  if (d === undefined) return '';
  if (d !== null && typeof d === 'object' && 'perMode' in d) {
    const perMode = (d as { perMode: Record<Mode, unknown> }).perMode;
    return MODES.map((m) => `${m} ${JSON.stringify(perMode[m])}`).join(', ');
  }
  return JSON.stringify(d);
}

/** One row per setting, in the registry's order. */
export function settingRows(): SettingRow[] {
  return (Object.entries(SETTINGS) as [string, Setting<unknown>][]).map(([name, s]) => ({
    name,
    variable: s.variable,
    path: s.path,
    type: s.codec.type,
    default: defaultText(s),
    meaning: s.meaning,
    serves: s.serves,
    for: s.for,
    internal: s.internal,
  }));
}

/** The settings a run reads from its environment, for --help. */
export function settingsHelp(): string {
  const lines = [
    'Usage: npm run conformance [-- vitest arguments]',
    '',
    'Runs the conformance suites against the target the settings below name (none: the embedded sandbox),',
    'and ends with the verdict. Each variable may instead come from the target profile SVC_TARGET_PROFILE',
    'names, at the path given; a variable set non-empty wins. See docs/settings.md.',
    '',
  ];
  for (const row of settingRows()) {
    if (!row.variable || row.for || row.internal) continue;
    const where = [row.path && `profile ${row.path}`, row.type, row.default && `default ${row.default}`].filter(Boolean).join('; ');
    lines.push(`  ${row.variable}   (${where})`, `      ${row.meaning}`);
  }
  return `${lines.join('\n')}\n`;
}
