// The UMA versions the sandbox's sender speaks, and the check of a counterparty's answer against them
// (supplement 18: UNSUPPORTED_UMA_VERSION (412) on the lookup or quote leg).
import { ApiError } from '../../http/errors.js';

/** The UMA major versions the sandbox's sender speaks. */
export const UMA_MAJOR_VERSIONS = [1];

/** UNSUPPORTED_UMA_VERSION (412) for an answer in a major version the sender does not speak. */
export function assertSpoken(domain: string, version: string): void {
  if (UMA_MAJOR_VERSIONS.includes(Number(/^(\d+)\./.exec(version)?.[1]))) return;
  throw new ApiError(412, 'UNSUPPORTED_UMA_VERSION', `${domain} answered in UMA ${version}; the sender speaks ${UMA_MAJOR_VERSIONS.map((v) => `${v}.x`).join(', ')}`);
}
