/**
 * Finds the Markdown documents a text cites (`docs/guide.md §2.5`, `guide.md 2.1, 4.2`,
 * `../x.md`, `README.md#anchor`) and checks each against the repository's own files, so a comment
 * never sends a reader to a document that only exists on someone's machine. Pure except for the
 * `RepositoryView` it is given.
 */
import { posix } from 'node:path';

export interface Citation {
  /** The file the citation is in, relative to the repository root. */
  file: string;
  line: number;
  /** The cited path as written (`guide.md`, `docs/guide.md`, `../notes/x.md`). */
  path: string;
  /** Section numbers named right after the path (`2.5`, `1.1.1`), if any. */
  sections: string[];
}

export interface RepositoryView {
  /** Every tracked file, relative to the root, with `/` separators. */
  files: ReadonlySet<string>;
  /** The text of a tracked Markdown file. */
  read(path: string): string;
  /** Whether a path is under a git-ignored output folder (a generated report, not a document). */
  isIgnoredOutput(path: string): boolean;
}

// A path ending in `.md`: it starts after a character that cannot be part of a path, so globs
// (`docs/*.md`) and templates (`${dir}/latest.md`) are not read as citations.
const pathPattern = String.raw`(?<![\w./\-*$}{~])((?:\.{1,2}/)*[\w][\w.\-]*(?:/[\w.\-]+)*\.md)(?![\w\-])`;
// Section numbers after the path: ` 2.5`, ` §2.5`, `, 4.2`, ` §1.1, §4`.
const sectionPattern = String.raw`(?:[ \t]+§?[ \t]?\d+(?:\.\d+)*(?:,[ \t]*§?[ \t]?\d+(?:\.\d+)*)*)?`;
const citationPattern = new RegExp(pathPattern + `(#[\\w\\-]+)?` + `(${sectionPattern})`, 'g');

/** Every Markdown citation in one file's text. */
export function findCitations(file: string, text: string): Citation[] {
  const citations: Citation[] = [];
  const isMarkdown = file.endsWith('.md');
  text.split('\n').forEach((lineText, index) => {
    for (const match of lineText.matchAll(citationPattern)) {
      const [, path = '', , sectionText = ''] = match;
      const start = match.index;
      if (isInsideUrl(lineText, start)) continue;
      // In code, a string literal that is only a file name is a file the program writes or reads.
      if (!isMarkdown && isWholeStringLiteral(lineText, start, start + path.length)) continue;
      const sections = sectionText.match(/\d+(?:\.\d+)*/g) ?? [];
      citations.push({ file, line: index + 1, path, sections });
    }
  });
  return citations;
}

function isInsideUrl(line: string, start: number): boolean {
  const wordStart = Math.max(line.lastIndexOf(' ', start), line.lastIndexOf('(', start)) + 1;
  return line.slice(wordStart, start).includes('://');
}

function isWholeStringLiteral(line: string, start: number, end: number): boolean {
  const before = line[start - 1];
  return (before === "'" || before === '"') && line[end] === before;
}

/** The repository file a citation names, or why it names none. */
export function resolveCitation(citation: Citation, repo: RepositoryView): { file: string } | { problem: string } {
  const folder = posix.dirname(citation.file);
  const candidates = [posix.join(folder, citation.path), posix.normalize(citation.path), posix.join('docs', citation.path)];
  const found = candidates.find((candidate) => !candidate.startsWith('..') && repo.files.has(candidate));
  if (found) return { file: found };
  if (candidates.some((candidate) => repo.isIgnoredOutput(candidate))) return { file: '' };
  if (!citation.path.includes('/')) {
    const sameName = [...repo.files].filter((file) => posix.basename(file) === citation.path);
    const [only] = sameName;
    if (sameName.length === 1 && only) return { file: only };
    if (sameName.length > 1) return { problem: `is ambiguous (${sameName.join(', ')}); name the folder` };
  }
  return { problem: 'is not a file in the repository' };
}

/** Section numbers a Markdown document has headings for (`### 2.5 Turnstiles` → `2.5`). */
export function headingNumbers(markdown: string): Set<string> {
  const numbers = new Set<string>();
  for (const match of markdown.matchAll(/^#{1,6}[ \t]+§?[ \t]?(\d+(?:\.\d+)*)\.?[ \t]/gm)) {
    if (match[1]) numbers.add(match[1]);
  }
  return numbers;
}

/** One line per citation that does not resolve, or names a section its document lacks. */
export function brokenCitations(citations: Citation[], repo: RepositoryView): string[] {
  const problems: string[] = [];
  for (const citation of citations) {
    const where = `${citation.file}:${citation.line}: ${citation.path}`;
    const resolved = resolveCitation(citation, repo);
    if ('problem' in resolved) {
      problems.push(`${where} ${resolved.problem}`);
      continue;
    }
    if (resolved.file === '' || citation.sections.length === 0) continue;
    const headings = headingNumbers(repo.read(resolved.file));
    for (const section of citation.sections) {
      if (!headings.has(section)) problems.push(`${where} has no section ${section} (${resolved.file})`);
    }
  }
  return problems;
}
