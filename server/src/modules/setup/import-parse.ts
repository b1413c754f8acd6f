import { z } from 'zod';
import { schemaProblems } from './import-problems.js';
import { entrySchemas, Existing, existingSchemas, existingSectionNames, ImportCompany, ImportFile, importSectionNames, type ImportSectionName } from './import-schema.js';

type Entry<S extends ImportSectionName> = ImportFile[S][number];

/**
 * A file read entry by entry: every schema problem of every entry, and the entries that passed,
 * so their references can be checked in the same run. A broken entry is `undefined` in its place
 * (labels keep its index) and its ref or id is remembered: a reference to it is not reported again
 * as dangling, since the entry's own problem says what to fix.
 */
export interface ParsedImport {
  company: ImportFile['company'];
  /** The file's `company` was given but broken: its problems are listed, "required" would be noise. */
  companyBroken: boolean;
  existing: Existing;
  sections: { [S in ImportSectionName]: (Entry<S> | undefined)[] };
  brokenKeys: Record<ImportSectionName, Set<string>>;
  problems: string[];
}

/** The top level with every entry left unread: its own problems only (version, unknown keys, a section not a list). */
const Envelope = z.strictObject({
  version: z.literal(1),
  company: z.unknown().optional(),
  existing: z.unknown().optional(),
  ...Object.fromEntries(importSectionNames.map((name) => [name, z.array(z.unknown()).optional()])),
});

const ExistingEnvelope = z.strictObject(Object.fromEntries(existingSectionNames.map((name) => [name, z.array(z.unknown()).optional()])));

export function parseImportFile(input: unknown): ParsedImport {
  const parsed: ParsedImport = {
    company: undefined,
    companyBroken: false,
    existing: Existing.parse({}),
    sections: Object.fromEntries(importSectionNames.map((name) => [name, []])) as unknown as ParsedImport['sections'],
    brokenKeys: Object.fromEntries(importSectionNames.map((name) => [name, new Set<string>()])) as ParsedImport['brokenKeys'],
    problems: [],
  };
  const whole = ImportFile.safeParse(input);
  if (whole.success) {
    const { company, existing, version: _version, ...sections } = whole.data;
    return { ...parsed, company, existing: existing ?? parsed.existing, sections };
  }

  const envelope = Envelope.safeParse(input);
  if (!envelope.success) parsed.problems.push(...schemaProblems(envelope.error.issues, input));
  if (input === null || typeof input !== 'object' || Array.isArray(input)) return parsed;
  const raw = input as Record<string, unknown>;

  if (raw.company !== undefined) {
    const company = ImportCompany.safeParse(raw.company);
    if (company.success) parsed.company = company.data;
    else {
      parsed.companyBroken = true;
      parsed.problems.push(...schemaProblems(prefixed(company.error.issues, ['company']), input));
    }
  }
  if (raw.existing !== undefined) readExisting(raw.existing, input, parsed);

  for (const name of importSectionNames) {
    const entries = raw[name];
    if (!Array.isArray(entries)) continue;
    const schema = entrySchemas[name] as z.ZodType;
    const section = parsed.sections[name] as unknown[];
    entries.forEach((entry, index) => {
      const result = schema.safeParse(entry);
      if (result.success) {
        section.push(result.data);
        return;
      }
      section.push(undefined);
      parsed.problems.push(...schemaProblems(prefixed(result.error.issues, [name, index]), input));
      const fields = (entry ?? {}) as Record<string, unknown>;
      for (const key of ['ref', 'id', 'code']) if (typeof fields[key] === 'string') parsed.brokenKeys[name].add((fields[key] as string).trim());
    });
  }
  return parsed;
}

/** Entry by entry, as the sections: a broken existing entry is left out, the others are looked up. */
function readExisting(existing: unknown, input: unknown, parsed: ParsedImport): void {
  const envelope = ExistingEnvelope.safeParse(existing);
  if (!envelope.success) parsed.problems.push(...schemaProblems(prefixed(envelope.error.issues, ['existing']), input));
  if (existing === null || typeof existing !== 'object' || Array.isArray(existing)) return;
  for (const name of existingSectionNames) {
    const entries = (existing as Record<string, unknown>)[name];
    if (!Array.isArray(entries)) continue;
    entries.forEach((entry, index) => {
      const result = (existingSchemas[name] as z.ZodType).safeParse(entry);
      if (result.success) (parsed.existing[name] as unknown[]).push(result.data);
      else {
        parsed.problems.push(...schemaProblems(prefixed(result.error.issues, ['existing', name, index]), input));
        const ref = (entry as Record<string, unknown> | null)?.ref;
        if (typeof ref === 'string') parsed.brokenKeys[name].add(ref.trim());
      }
    });
  }
}

function prefixed(issues: z.core.$ZodIssue[], path: PropertyKey[]): z.core.$ZodIssue[] {
  return issues.map((issue) => ({ ...issue, path: [...path, ...issue.path] }));
}
