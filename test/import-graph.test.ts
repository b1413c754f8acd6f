import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cycles, describeCycle, featureCrossings, folderGraph, importEdges, type SourceTree } from './helpers/import-graph.js';
import { boundaryViolations, declaredGraph, runtimeClosure, type Workspace } from './helpers/workspace-graph.js';

const root = new URL('..', import.meta.url).pathname;
const readJson = (path: string) => JSON.parse(readFileSync(root + path, 'utf8')) as Record<string, unknown>;

function repositoryTree(): SourceTree {
  const tracked = execFileSync('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], { cwd: root, encoding: 'utf8' });
  const files = new Set(tracked.split('\0').filter((path) => /\.(m|c)?tsx?$/.test(path) && !path.endsWith('.d.ts') && existsSync(root + path)));
  return { files, read: (path) => readFileSync(root + path, 'utf8') };
}

function workspaces(): Workspace[] {
  return (readJson('package.json').workspaces as string[]).map((folder) => {
    const manifest = readJson(`${folder}/package.json`);
    return {
      folder,
      name: manifest.name as string,
      dependencies: (manifest.dependencies ?? {}) as Record<string, string>,
      devDependencies: (manifest.devDependencies ?? {}) as Record<string, string>,
    };
  });
}

/** Feature folders are peers: each may use the layers below it, never another feature. */
const featureFolders = ['agent/src/gate', 'agent/src/kiosk'];
/** What the API server must not bring in: device drivers and bundlers belong to the agent and the kiosk's build. */
const deviceOrBundler = /^(node-hid|serialport|@serialport\/.*|esbuild|electron)$/;

const tree = repositoryTree();
const edges = importEdges(tree);

describe('the repository import graph', () => {
  it.each(workspaces().map((workspace) => workspace.folder))('has no import cycle between folders of %s/src', (folder) => {
    expect(
      [...tree.files].some((path) => path.startsWith(`${folder}/src/`)),
      `no source files under ${folder}/src`,
    ).toBe(true);
    const graph = folderGraph(edges, `${folder}/src`);
    expect(cycles(graph).map((cycle) => describeCycle(graph, cycle))).toEqual([]);
  });

  it('keeps feature folders from importing each other', () => {
    expect(featureFolders.every((folder) => [...tree.files].some((path) => path.startsWith(`${folder}/`)))).toBe(true);
    expect(featureCrossings(edges, featureFolders).map((edge) => `${edge.from} imports '${edge.specifier}'`)).toEqual([]);
  });

  it('keeps every import inside its package boundaries', () => {
    expect(boundaryViolations(edges, workspaces())).toEqual([]);
  });

  it('has workspaces that depend one way', () => {
    expect(cycles(declaredGraph(workspaces()))).toEqual([]);
  });

  it('installs the API server without device drivers or a bundler', () => {
    expect([...runtimeClosure(workspaces(), '@studio/server')].filter((name) => deviceOrBundler.test(name))).toEqual([]);
  });
});

describe('the import-graph rules', () => {
  const fakeTree = (files: Record<string, string>): SourceTree => ({ files: new Set(Object.keys(files)), read: (path) => files[path]! });

  it('finds a cycle between two folders, and names the imports that make it', () => {
    const fake = importEdges(
      fakeTree({
        'a/src/gate/gate.ts': "import { sync } from '../sync/sync.js';",
        'a/src/sync/sync.ts': "import type { Gate } from '../gate/gate.js';\nexport const sync = 1;",
        'a/src/store/db.ts': "export { sync } from '../sync/sync.js';",
      }),
    );
    const graph = folderGraph(fake, 'a/src');
    expect(cycles(graph)).toEqual([['a/src/gate', 'a/src/sync']]);
    expect(describeCycle(graph, cycles(graph)[0]!)).toContain("a/src/sync/sync.ts imports '../gate/gate.js'");
  });

  it('counts a parent folder and its child as two folders, and reads dynamic imports', () => {
    const fake = importEdges(
      fakeTree({
        'a/src/devices/factory.ts': "const hid = await import('./hid/relay.js');",
        'a/src/devices/hid/relay.ts': "import type { Relay } from '../types.js';",
        'a/src/devices/types.ts': 'export type Relay = 1;',
      }),
    );
    expect(cycles(folderGraph(fake, 'a/src'))).toEqual([['a/src/devices', 'a/src/devices/hid']]);
  });

  it('passes a layered tree', () => {
    const fake = importEdges(
      fakeTree({
        'a/src/gate/gate.ts': "import { cache } from '../eligibility/cache.js';",
        'a/src/kiosk/kiosk.ts': "import { cache } from '../eligibility/cache.js';",
        'a/src/eligibility/cache.ts': "import { db } from '../store/db.js';",
        'a/src/store/db.ts': "import Database from 'better-sqlite3';",
      }),
    );
    expect(cycles(folderGraph(fake, 'a/src'))).toEqual([]);
    expect(featureCrossings(fake, ['a/src/gate', 'a/src/kiosk'])).toEqual([]);
  });

  it('finds a feature importing its peer', () => {
    const fake = importEdges(fakeTree({ 'a/src/kiosk/scan.ts': "import { passage } from '../gate/passage.js';", 'a/src/gate/passage.ts': '' }));
    expect(featureCrossings(fake, ['a/src/gate', 'a/src/kiosk']).map((edge) => edge.from)).toEqual(['a/src/kiosk/scan.ts']);
  });

  it('finds relative paths out of a workspace, reaches into tests, and undeclared workspace imports', () => {
    const spaces: Workspace[] = [
      { folder: 'server', name: '@x/server', dependencies: { '@x/shared': '1' }, devDependencies: { '@x/kit': '1' } },
      { folder: 'shared', name: '@x/shared', dependencies: {}, devDependencies: {} },
      { folder: 'kit', name: '@x/kit', dependencies: {}, devDependencies: {} },
    ];
    const fake = importEdges(
      fakeTree({
        'server/src/a.ts': "import '../../shared/src/b.js'; import '@x/kit/db'; import '@x/shared'; import 'fastify';",
        'server/test/a.test.ts': "import '@x/kit/db';",
        'bench/run.ts': "import '../server/test/helpers/db.js'; import '../server/src/a.js';",
        'shared/src/b.ts': '',
        'server/test/helpers/db.ts': '',
      }),
    );
    expect(boundaryViolations(fake, spaces)).toEqual([
      "server/src/a.ts leaves its workspace by a relative path: '../../shared/src/b.js' (import the package)",
      'server/src/a.ts imports @x/kit, which server/package.json does not declare',
      "bench/run.ts reaches into another folder's tests: '../server/test/helpers/db.js'",
    ]);
  });

  it('follows run-time dependencies through workspaces, not development ones', () => {
    const spaces: Workspace[] = [
      { folder: 'server', name: '@x/server', dependencies: { '@x/agent': '1' }, devDependencies: { vitest: '1' } },
      { folder: 'agent', name: '@x/agent', dependencies: { 'node-hid': '1' }, devDependencies: {} },
    ];
    expect([...runtimeClosure(spaces, '@x/server')].sort()).toEqual(['@x/agent', 'node-hid']);
    expect(cycles(declaredGraph([...spaces, { folder: 'kit', name: '@x/kit', dependencies: { '@x/server': '1' }, devDependencies: {} }]))).toEqual([]);
    expect(cycles(declaredGraph([{ ...spaces[1]!, dependencies: { '@x/server': '1' } }, spaces[0]!]))).toEqual([['@x/agent', '@x/server']]);
  });
});
