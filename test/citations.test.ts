import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { brokenCitations, findCitations, headingNumbers, type RepositoryView } from './helpers/markdown-citations.js';

const root = new URL('..', import.meta.url).pathname;
const git = (...args: string[]) => execFileSync('git', args, { cwd: root, encoding: 'utf8' });

// The scanner's own files hold example citations on purpose; everything else tracked is scanned.
const scannerFiles = new Set(['test/citations.test.ts', 'test/helpers/markdown-citations.ts']);

function trackedRepository(): RepositoryView {
  const files = new Set(git('ls-files', '-z').split('\0').filter(Boolean));
  const ignored = new Map<string, boolean>();
  return {
    files,
    read: (path) => readFileSync(root + path, 'utf8'),
    isIgnoredOutput(path) {
      if (!ignored.has(path)) {
        let isIgnored = true;
        try {
          git('check-ignore', '-q', '--no-index', path);
        } catch {
          isIgnored = false;
        }
        ignored.set(path, isIgnored);
      }
      return ignored.get(path)!;
    },
  };
}

/** A repository made of the given files, for the scanner's own rules. */
function fakeRepository(files: Record<string, string>, ignoredFolders: string[] = []): RepositoryView {
  return {
    files: new Set(Object.keys(files)),
    read: (path) => files[path] ?? '',
    isIgnoredOutput: (path) => ignoredFolders.some((folder) => path.startsWith(folder)),
  };
}

const guide = '# Guide\n\n## 2. Relays\n\n### 2.5 Turnstiles\n\n#### 1.1.1 Reports\n';

describe('citations of Markdown documents', () => {
  it('every citation in a tracked file names a document in the repository, and its sections exist', () => {
    const repo = trackedRepository();
    const texts = [...repo.files]
      .filter((file) => !scannerFiles.has(file))
      .map((file) => ({ file, bytes: readFileSync(root + file) }))
      .filter(({ bytes }) => !bytes.includes(0)); // binary files hold no citations
    const citations = texts.flatMap(({ file, bytes }) => findCitations(file, bytes.toString('utf8')));
    expect(texts.some(({ file }) => file.endsWith('.service')) && texts.some(({ file }) => file.endsWith('.rules'))).toBe(true);
    expect(citations.length).toBeGreaterThan(50);
    expect(brokenCitations(citations, repo)).toEqual([]);
  });

  it('reads a path, its anchor and the section numbers written after it', () => {
    const text = ['see docs/guide.md §2.5, §1.1.1 here', '(guide.md 2.5, 7)', '[x](../guide.md#a-b) and README.md, Classes'].join('\n');
    expect(findCitations('src/a.ts', text).map(({ line, path, sections }) => ({ line, path, sections }))).toEqual([
      { line: 1, path: 'docs/guide.md', sections: ['2.5', '1.1.1'] },
      { line: 2, path: 'guide.md', sections: ['2.5', '7'] },
      { line: 3, path: '../guide.md', sections: [] },
      { line: 3, path: 'README.md', sections: [] },
    ]);
  });

  it('leaves out URLs, globs, templates and file names a program writes', () => {
    const text = "https://example.com/x/README.md docs/*.md `${dir}/latest.md` join(dir, 'latest.md')";
    expect(findCitations('src/a.ts', text)).toEqual([]);
  });

  it('resolves against the citing folder, the root and docs/, and a bare name anywhere when unique', () => {
    const repo = fakeRepository({ 'docs/guide.md': guide, 'agent/README.md': '', 'README.md': '', 'agent/notes.md': '', 'server/notes.md': '' });
    const broken = (file: string, text: string) => brokenCitations(findCitations(file, text), repo);
    expect(broken('agent/src/x.ts', 'guide.md 2.5; docs/guide.md §1.1.1; ../../README.md; agent/README.md')).toEqual([]);
    expect(broken('agent/x.ts', 'notes.md')).toEqual([]);
    expect(broken('bench/x.ts', 'notes.md')).toEqual(['bench/x.ts:1: notes.md is ambiguous (agent/notes.md, server/notes.md); name the folder']);
  });

  it('names each citation that points outside the repository or at a missing section', () => {
    const repo = fakeRepository({ 'docs/guide.md': guide }, ['reports/']);
    const text = 'wiring.md 2.5\n../team/notes/decisions.md\ndocs/guide.md §2.4, §2.5\nreports/latest.md';
    expect(brokenCitations(findCitations('src/a.ts', text), repo)).toEqual([
      'src/a.ts:1: wiring.md is not a file in the repository',
      'src/a.ts:2: ../team/notes/decisions.md is not a file in the repository',
      'src/a.ts:3: docs/guide.md has no section 2.4 (docs/guide.md)',
    ]);
  });

  it('reads numbered headings at every level', () => {
    expect(headingNumbers(guide)).toEqual(new Set(['2', '2.5', '1.1.1']));
  });
});
