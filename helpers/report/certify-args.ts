// The arguments of `npm run certify`: its own (--sign-key; --verify, --key, --reports) taken out, the
// rest handed to the conformance run as `npm run conformance` takes them (vitest's). A verification
// runs nothing, so it takes no run arguments.

export const CERTIFY_USAGE =
  'usage: npm run certify -- [--sign-key <private key.pem>] [vitest arguments]\n' + '       npm run certify -- --verify <certification.bundle.json> --key <public key.pem> [--reports <folder>]';

export type CertifyArgs =
  | { command: 'run'; signKey?: string; run: string[] }
  | { command: 'verify'; bundle: string; key: string; reports?: string };

const OWN = ['--sign-key', '--verify', '--key', '--reports'] as const;
type Own = (typeof OWN)[number];

/** The arguments read, or a line saying what is wrong with them. */
export function parseCertifyArgs(argv: readonly string[]): CertifyArgs | string {
  const own: Partial<Record<Own, string>> = {};
  const run: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const name = OWN.find((o) => arg === o || arg.startsWith(`${o}=`));
    if (!name) {
      run.push(arg);
      continue;
    }
    const value = arg === name ? argv[++i] : arg.slice(name.length + 1);
    if (value === undefined || value === '' || (arg === name && value.startsWith('--'))) return `${name} needs a file`;
    if (own[name] !== undefined) return `${name} is given twice`;
    own[name] = value;
  }
  if (own['--verify'] !== undefined) {
    if (own['--key'] === undefined) return '--verify needs --key <public key.pem>: the key the bundle is checked with';
    if (own['--sign-key'] !== undefined) return '--verify and --sign-key do not go together: a verification runs nothing and signs nothing';
    if (run.length) return `--verify runs nothing, so it takes no run arguments (got ${run.join(' ')})`;
    return { command: 'verify', bundle: own['--verify'], key: own['--key'], ...(own['--reports'] !== undefined ? { reports: own['--reports'] } : {}) };
  }
  if (own['--key'] !== undefined || own['--reports'] !== undefined) return '--key and --reports go with --verify; to sign, give --sign-key <private key.pem>';
  return { command: 'run', ...(own['--sign-key'] !== undefined ? { signKey: own['--sign-key'] } : {}), run };
}
