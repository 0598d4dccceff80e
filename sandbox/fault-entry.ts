// One named fault of the sandbox: the rule it breaks and the suites that must catch it.
export interface FaultEntry {
  /** Suite folders (under suites/) whose scenarios must catch it. */
  areas: readonly string[];
  /** The interface sentence the fault breaks. */
  rule: string;
  /** Files under suites/ that judge it, where a few do (mutant runs stay short); else the areas' suites. */
  suites?: readonly string[];
}
