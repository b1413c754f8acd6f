import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { apiContracts, webContracts } from '@studio/shared/contracts';
import { describe, expect, it } from 'vitest';
import type { SourceTree } from './helpers/import-graph.js';
import { appFiles, contractShapes, handWrittenRouteTypes, rawServerCalls, type Finding } from './helpers/web-app-contracts.js';

const root = new URL('..', import.meta.url).pathname;

function repositoryTree(): SourceTree {
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard', 'web-app/src'], { cwd: root, encoding: 'utf8' });
  const files = new Set(tracked.split('\0').filter((path) => /\.tsx?$/.test(path) && existsSync(root + path)));
  return { files, read: (path) => readFileSync(root + path, 'utf8') };
}

/** The tree with `extra` files added or replaced: a temporary copy to plant a violation in. */
function withFiles(tree: SourceTree, extra: Record<string, string>): SourceTree {
  return { files: new Set([...tree.files, ...Object.keys(extra)]), read: (path) => extra[path] ?? tree.read(path) };
}

const shown = (findings: Finding[]) => findings.map((f) => `${f.file}:${f.line} ${f.rule}`);
const tree = repositoryTree();
const shapes = contractShapes([...apiContracts, ...webContracts]);

describe("the web app's calls to the server", () => {
  it('reads the app', () => {
    expect(appFiles(tree).length).toBeGreaterThan(50);
    expect(shapes.length).toBeGreaterThan(100);
  });

  it('go only through call() over a contract, never typed by hand', () => {
    expect(shown(rawServerCalls(tree))).toEqual([]);
  });

  it('leave no hand-written type for a route body or answer', () => {
    expect(shown(handWrittenRouteTypes(tree, shapes))).toEqual([]);
  });

  it('fail on a raw call or a hand-typed call planted in a page or an api/ file', () => {
    const planted = withFiles(tree, {
      'web-app/src/pages/Planted.tsx': "const a = await fetch('/app/api/today');\nconst b = await http.request<Today>('/today');\nconst x = new XMLHttpRequest();\n",
      'web-app/src/api/planted.ts': "export const c = () => call<{ data: string[] }>(contracts.webToday, { query: { location_id: '' } });\n",
    });
    expect(shown(rawServerCalls(planted))).toEqual([
      'web-app/src/api/planted.ts:1 a call typed by hand (an explicit type argument)',
      'web-app/src/pages/Planted.tsx:1 a raw fetch(',
      'web-app/src/pages/Planted.tsx:2 http.request outside call.ts',
      'web-app/src/pages/Planted.tsx:2 a call typed by hand (an explicit type argument)',
      'web-app/src/pages/Planted.tsx:3 an XMLHttpRequest',
    ]);
  });

  it('fail on a hand copy of an answer in a page, and on any interface in api/', () => {
    const planted = withFiles(tree, {
      'web-app/src/pages/Planted.tsx':
        'interface OpenSession {\n  id: string;\n  created_at: string;\n  last_seen_at: string;\n  user_agent: string | null;\n  address: string | null;\n  current: boolean;\n}\n',
      'web-app/src/api/planted.ts':
        'export interface Results {\n  data: unknown[];\n}\ntype Entry = { id: string; at: string; actor: string; action: string; target: string | null; details: object | null };\n',
    });
    expect(shown(handWrittenRouteTypes(planted, shapes))).toEqual([
      'web-app/src/api/planted.ts:1 interface Results in api/ (derive it from a contract)',
      "web-app/src/api/planted.ts:4 a hand copy of webAuditLog's body or answer",
      "web-app/src/pages/Planted.tsx:1 a hand copy of webListSessions's body or answer",
    ]);
  });
});
