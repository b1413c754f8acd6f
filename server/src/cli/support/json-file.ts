import { readFile } from 'node:fs/promises';
import type { z } from 'zod';
import { CliError } from './run.js';

/** The file's JSON, or a one-line reason it cannot be had. */
export async function readJsonFile(path: string): Promise<unknown> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    throw new CliError(`cannot read ${path}: ${(error as Error).message}`);
  }
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new CliError(`${path} is not valid JSON: ${(error as Error).message}`);
  }
}

/**
 * The file's JSON checked against `schema`, or every problem as `path: message` with nothing
 * changed. `what` names the file's content in the message, and its root in a path: `(settings)`.
 */
export async function readCheckedJsonFile<T extends z.ZodType>(path: string, schema: T, what: string): Promise<z.output<T>> {
  const parsed = schema.safeParse(await readJsonFile(path));
  if (parsed.success) return parsed.data;
  const problems = parsed.error.issues.map((issue) => `${pathText(issue.path) || `(${what})`}: ${issue.message}`);
  const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
  throw new CliError(`${path}: ${what} refused, nothing was changed (${count}):\n  ${problems.join('\n  ')}`);
}

/** `access_hours.monday[0].end`: list positions in brackets, as import problems show them. */
function pathText(path: PropertyKey[]): string {
  return path.map((key, index) => (typeof key === 'number' ? `[${key}]` : `${index ? '.' : ''}${String(key)}`)).join('');
}
