// Areas of a run: a scenario's area is the folder under suites/ that holds its file.
import { relative, sep } from 'node:path';

export function areaOf(file: string): string | undefined {
  const parts = relative(process.cwd(), file).split(sep);
  return parts[0] === 'suites' && parts.length > 2 ? parts[1] : undefined;
}

export interface AreaTally {
  passed: number;
  failed: number;
  skipped: number;
}

export function tallyLine(area: string, t: AreaTally): string {
  return `${area.padEnd(32)} ${String(t.passed).padStart(4)} passed ${String(t.failed).padStart(3)} failed ${String(t.skipped).padStart(3)} skipped`;
}
