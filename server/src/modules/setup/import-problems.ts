import type { z } from 'zod';

/** An import refused: every problem found, each as `path: message`. Nothing was written. */
export class ImportError extends Error {
  override readonly name = 'ImportError';

  constructor(readonly problems: string[]) {
    const count = problems.length === 1 ? '1 problem' : `${problems.length} problems`;
    super(`import refused, nothing was written (${count}):\n  ${problems.join('\n  ')}`);
  }
}

/** Collects problems so a refusal reports all of them at once. */
export class Problems {
  readonly list: string[] = [];

  add(where: string, message: string): void {
    this.list.push(`${where}: ${message}`);
  }

  throwIfAny(): void {
    if (this.list.length) throw new ImportError(this.list);
  }
}

/**
 * How a problem names an entry: `services[2] (ref "yoga")`. The ref is what the author wrote, so
 * it finds the entry faster than the index; entries without one fall back to code or id.
 */
export function entryLabel(section: string, index: number, entry: unknown): string {
  const fields = (entry ?? {}) as Record<string, unknown>;
  for (const key of ['ref', 'code', 'id']) {
    if (typeof fields[key] === 'string') return `${section}[${index}] (${key} ${JSON.stringify(fields[key])})`;
  }
  return `${section}[${index}]`;
}

/** Zod's issues as problems, the entry part of each path labelled from the raw input. */
export function schemaProblems(issues: z.core.$ZodIssue[], input: unknown): string[] {
  const problems = new Problems();
  for (const issue of issues) problems.add(issuePlace(issue.path, input), issue.message);
  return problems.list;
}

/** `services[0] (ref "yoga").duration_minutes`, `existing.locations[1] (ref "main").slug`, `version`. */
function issuePlace(path: PropertyKey[], input: unknown): string {
  const raw = (input ?? {}) as Record<string, unknown>;
  const nested = path[0] === 'existing' && typeof path[1] === 'string';
  const [section, index, ...rest] = nested ? path.slice(1) : path;
  const sectionHolder = (nested ? (raw.existing ?? {}) : raw) as Record<string, unknown>;
  if (typeof section !== 'string' || typeof index !== 'number') return pathText(path) || '(file)';
  const entries = sectionHolder[section];
  const entry = Array.isArray(entries) ? entries[index] : undefined;
  return (nested ? 'existing.' : '') + entryLabel(section, index, entry) + pathText(rest, true);
}

/** `a.b[0].c`; `continued`: the path goes on after a label, so it starts with a dot. */
function pathText(path: PropertyKey[], continued = false): string {
  return path.map((key, i) => (typeof key === 'number' ? `[${key}]` : `${continued || i > 0 ? '.' : ''}${String(key)}`)).join('');
}
