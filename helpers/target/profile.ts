// A target profile: one file that describes a target (README, "Target profiles"): its base URL, the
// names of the variables that hold its credentials, its webhook public key and public webhook URL, and
// what it declares it offers (capabilities, sandbox triggers, limits, timings). `SVC_TARGET_PROFILE=path`
// selects it; single SVC_* variables still override each value. Its fields are the settings of the
// registry (registry.ts) that have a profile path: the profile is validated with zod, with errors that
// name the field, and `npm run profile:schema` writes the JSON Schema editors use
// (target-profile.schema.json) from the same table.
import { existsSync, readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { z } from 'zod';
import { profileSchema, SETTINGS, type Setting, type SettingName } from './registry.js';

export const TargetProfile = profileSchema();

/** A validated profile: its groups of settings (registry.ts gives each member its meaning). */
export interface TargetProfile {
  [group: string]: unknown;
  credentials?: { clientId?: string; clientIdVariable?: string; clientSecret?: string; clientSecretVariable?: string };
}

export class ProfileError extends Error {}

/**
 * The SVC_* variables a profile declares, as their text: for a tool that hands a profile on as
 * variables (a run of the suites with another target's declarations). The harness itself reads a
 * profile as an object (settings.ts resolveValues).
 */
export function profileVariables(profile: TargetProfile, env: NodeJS.ProcessEnv = {}, dir = process.cwd()): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, s] of Object.entries(SETTINGS) as [SettingName, Setting<unknown>][]) {
    if (!s.variable || !s.path) continue;
    const value = profileValue(name, profile, env, dir);
    if (value !== undefined) out[s.variable] = s.codec.format(value);
  }
  return out;
}

/** A setting's value in a profile: at its path, the credentials through the variable the profile names, a key file relative to the profile's folder. */
export function profileValue(name: SettingName, profile: TargetProfile, env: NodeJS.ProcessEnv, dir: string): unknown {
  const s: Setting<unknown> = SETTINGS[name];
  if (!s.path) return undefined;
  let v: unknown = profile;
  for (const part of s.path!.split('.')) v = v === undefined || v === null ? undefined : (v as Record<string, unknown>)[part];
  const credentials = profile.credentials;
  if (name === 'clientId' && v === undefined && credentials?.clientIdVariable) v = env[credentials.clientIdVariable];
  if (name === 'clientSecret' && v === undefined && credentials?.clientSecretVariable) v = env[credentials.clientSecretVariable];
  if (name === 'webhookPublicKey' && typeof v === 'string' && !v.includes('-----BEGIN')) v = isAbsolute(v) ? v : resolve(dir, v);
  if ((name === 'openapi' || name === 'knownFailures' || name === 'history') && typeof v === 'string') v = isAbsolute(v) ? v : resolve(dir, v);
  return v;
}

/** Validates a parsed profile, naming each offending field. */
export function parseProfile(value: unknown, where = 'the target profile'): TargetProfile {
  const parsed = TargetProfile.safeParse(value);
  if (!parsed.success) {
    const problems = parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`);
    throw new ProfileError(`${where} is not valid:\n  ${problems.join('\n  ')}`);
  }
  return parsed.data as TargetProfile;
}

export function readProfile(path: string): { profile: TargetProfile; dir: string } {
  if (!existsSync(path)) throw new ProfileError(`SVC_TARGET_PROFILE names ${path}, which does not exist`);
  let json: unknown;
  try {
    json = JSON.parse(readFileSync(path, 'utf8'));
  } catch (err) {
    throw new ProfileError(`${path} is not JSON: ${(err as Error).message}`);
  }
  return { profile: parseProfile(json, path), dir: dirname(resolve(path)) };
}

/**
 * The environment a run resolves its target from: the profile named by SVC_TARGET_PROFILE, with
 * every SVC_* variable that is set (non-empty) winning over the profile's value.
 */
export function environmentWithProfile(env: NodeJS.ProcessEnv = process.env): NodeJS.ProcessEnv {
  const path = env.SVC_TARGET_PROFILE;
  if (!path) return env;
  const { profile, dir } = readProfile(path);
  const declared = profileVariables(profile, env, dir);
  const merged: NodeJS.ProcessEnv = { ...env };
  for (const [name, value] of Object.entries(declared)) if (!merged[name]) merged[name] = value;
  return merged;
}

/** The JSON Schema of the profile, for editors (`npm run profile:schema`). */
export function profileJsonSchema(): Record<string, unknown> {
  return { ...z.toJSONSchema(TargetProfile), $id: 'https://svc-conformance.local/target-profile.schema.json', title: 'svc-conformance target profile' };
}
