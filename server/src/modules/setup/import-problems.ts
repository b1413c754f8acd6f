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
  for (const issue of issues) {
    const [section, index, ...rest] = issue.path;
    let where: string;
    if (typeof section === 'string' && typeof index === 'number') {
      const entry = ((input as Record<string, unknown[]>)[section] ?? [])[index];
      where = entryLabel(section, index, entry) + rest.map((key) => (typeof key === 'number' ? `[${key}]` : `.${String(key)}`)).join('');
    } else {
      where = issue.path.map(String).join('.') || '(file)';
    }
    problems.add(where, issue.message);
  }
  return problems.list;
}
