import { readFileSync, statSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import type { z } from 'zod';
import { AgentConfigSchema, type AgentConfig } from './schema.js';

/** Every problem of a config, each as `path: message`; thrown once, printed by main, exit 1. */
export class ConfigError extends Error {
  constructor(readonly problems: string[]) {
    super(`invalid agent config:\n${problems.map((p) => `  ${p}`).join('\n')}`);
    this.name = 'ConfigError';
  }
}

export const apiKeyEnv = 'STUDIO_AGENT_KEY';

function formatIssue(issue: z.core.$ZodIssue): string {
  const path = issue.path.length === 0 ? '(root)' : issue.path.map(String).join('.');
  return `${path}: ${issue.message}`;
}

export interface ParseOptions {
  env?: Record<string, string | undefined>;
  /** Where a relative `store.path` starts: the config file's folder. */
  baseDir?: string;
}

/** Validates a parsed config object; the env key wins over the file's, so a file need not hold it. */
export function parseAgentConfig(raw: unknown, options: ParseOptions = {}): AgentConfig {
  const result = AgentConfigSchema.safeParse(raw);
  const problems = result.success ? [] : result.error.issues.map(formatIssue);
  const fileKey = (raw as { server?: { api_key?: unknown } } | null)?.server?.api_key;
  const apiKey = options.env?.[apiKeyEnv]?.trim() || (typeof fileKey === 'string' && fileKey.trim() !== '' ? fileKey : undefined);
  if (!apiKey) problems.push(`server.api_key: required (or set ${apiKeyEnv})`);
  if (!result.success || !apiKey) throw new ConfigError(problems);
  const config = result.data;
  const storePath = isAbsolute(config.store.path) ? config.store.path : resolve(options.baseDir ?? process.cwd(), config.store.path);
  return { ...config, server: { ...config.server, api_key: apiKey }, store: { path: storePath } };
}

/** Something about a valid config file an operator should fix; logged at warn once at start. */
export interface ConfigWarning {
  message: string;
  file: string;
  mode: string;
}

/**
 * A file holding the API key must be readable by its owner only: any user of the box (or group
 * member) could otherwise check members in and list the location's eligibility feed with it.
 */
export function keyExposure(file: string, raw: unknown): ConfigWarning | null {
  const keys = raw as { server?: { api_key?: unknown }; desk?: { api_key?: unknown } } | null;
  const held = (key: unknown) => typeof key === 'string' && key.trim() !== '';
  // The desk readers' own device key (desk.api_key) is as much a secret as the agent's.
  if (!held(keys?.server?.api_key) && !held(keys?.desk?.api_key)) return null;
  const mode = statSync(file).mode & 0o777;
  if ((mode & 0o077) === 0) return null;
  return {
    message: `the config file holds server.api_key and is readable by ${mode & 0o007 ? 'other users' : 'its group'}: chmod 600 it, or move the key to ${apiKeyEnv} in a 600 env file`,
    file,
    mode: mode.toString(8).padStart(4, '0'),
  };
}

/** `onWarning` hears what should be fixed but does not stop the agent (a key file readable by others). */
export function loadAgentConfigFile(file: string, env: Record<string, string | undefined> = process.env, onWarning: (warning: ConfigWarning) => void = () => {}): AgentConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new ConfigError([`(file): cannot read ${file}: ${(error as Error).message}`]);
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (error) {
    throw new ConfigError([`(file): ${file} is not valid JSON: ${(error as Error).message}`]);
  }
  const config = parseAgentConfig(raw, { env, baseDir: dirname(resolve(file)) });
  const exposure = keyExposure(file, raw);
  if (exposure) onWarning(exposure);
  return config;
}
