import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { cycles, describeCycle, featureCrossings, folderGraph, importEdges, layerViolations, unlistedFolders, upwardImports, type SourceTree } from './helpers/import-graph.js';
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

/**
 * The server's folders from the bottom, word for word as docs/architecture.md §1 lists them (`./`
 * is src/ itself): a folder imports only folders before it. A new folder is placed here and there.
 */
const serverLayerOrder = [
  'clock/',
  'tls/',
  'db/',
  'db/migrations/',
  'db/dialects/',
  'backup/',
  'pagination/',
  'domain/',
  'modules/companies/',
  'modules/staff-accounts/',
  'modules/keys/',
  'modules/feed/',
  'modules/locations/',
  'modules/staff/',
  'modules/rooms/',
  'modules/webhooks/delivery/',
  'modules/webhooks/endpoints/',
  'modules/messages/templates/',
  'modules/messages/',
  'modules/member-auth/',
  'modules/passes/',
  'plugins/',
  'http/',
  'modules/ping/',
  'modules/catalog/',
  'modules/stored-value/',
  'modules/devices/',
  'modules/events/',
  'modules/webhooks/',
  'modules/appointments/engine/',
  'modules/appointments/',
  'modules/contacts/',
  'modules/memberships/',
  'modules/visits/',
  'modules/desk-scans/',
  'modules/classes/',
  'modules/members/',
  'modules/setup/',
  'modules/',
  'openapi/',
  'web/appointments/',
  'web/classes/',
  'web/desk/',
  'web/developers/',
  'web/devices/',
  'web/import/',
  'web/passes/',
  'web/setup/',
  'web/',
  'web/member/',
  './',
  'doctor/',
  'cli/support/',
  'cli/commands/',
  'cli/',
];
/** The order's folders as paths under server/src ('' for src/ itself). */
const serverFolders = serverLayerOrder.map((name) => (name === './' ? '' : name.slice(0, -1)));

/** The agent's folders by layer, from the bottom, as the table in agent/README.md names them. */
const agentLayers = {
  infrastructure: ['store', 'runtime', 'devices', 'config', 'local-api'],
  service: ['eligibility', 'outbox', 'link'],
  feature: ['gate', 'kiosk', 'desk'],
};
/** Feature folders are peers: each may use the layers below it, never another feature. */
const featureFolders = agentLayers.feature.map((folder) => `agent/src/${folder}`);

/** The backquoted folders of the bullet of docs/architecture.md §1 that gives the server's order. */
function documentedServerOrder(markdown: string): string[] {
  const start = markdown.indexOf('- No two folders of the server');
  const bullet = markdown.slice(start, markdown.indexOf('\n- ', start + 1));
  return [...bullet.matchAll(/`([^`]*\/)`/g)].map((match) => match[1]!);
}

/** Each folder the table in agent/README.md names, with its layer. */
function documentedAgentLayers(markdown: string): Record<string, string> {
  return Object.fromEntries([...markdown.matchAll(/^\| `([^`]+)\/` \| (\w+) \|/gm)].map((match) => [match[1]!, match[2]!]));
}

/** The folders right under `root` holding a source file, at any depth. */
function topFolders(files: Iterable<string>, root: string): string[] {
  const found = new Set<string>();
  for (const path of files) {
    const parts = path.startsWith(`${root}/`) ? path.slice(root.length + 1).split('/') : [];
    if (parts.length > 1) found.add(parts[0]!);
  }
  return [...found].sort();
}
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

  it("lists the server's layer order word for word as docs/architecture.md §1 does", () => {
    expect(documentedServerOrder(readFileSync(root + 'docs/architecture.md', 'utf8'))).toEqual(serverLayerOrder);
  });

  it('places every folder of server/src in the layer order, and names none that is gone', () => {
    expect(unlistedFolders(tree.files, 'server/src', serverFolders)).toEqual({ unlisted: [], missing: [] });
  });

  it('imports in server/src only down the layer order', () => {
    expect(layerViolations(edges, 'server/src', serverFolders)).toEqual([]);
  });

  it('names every folder of agent/src by its layer, as the table in agent/README.md does', () => {
    const named = Object.entries(agentLayers).flatMap(([layer, folders]) => folders.map((folder) => [folder, layer] as const));
    expect(documentedAgentLayers(readFileSync(root + 'agent/README.md', 'utf8'))).toEqual(Object.fromEntries(named));
    expect(topFolders(tree.files, 'agent/src')).toEqual(named.map(([folder]) => folder).sort());
  });

  it('keeps agent imports from going up a layer', () => {
    expect(upwardImports(edges, 'agent/src', agentLayers)).toEqual([]);
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

  it("finds an import up the server's layer order, a folder the order does not name, and one it names that is gone", () => {
    const order = ['db', 'http', 'gone', ''];
    const fake = importEdges(
      fakeTree({
        'a/src/db/pool.ts': "import { mount } from '../http/mount.js';",
        'a/src/http/mount.ts': "import { pool } from '../db/pool.js';",
        'a/src/app.ts': "import { mount } from './http/mount.js';",
        'a/src/cache/lru.ts': "import { pool } from '../db/pool.js';",
      }),
    );
    expect(layerViolations(fake, 'a/src', order)).toEqual(["a/src/db/pool.ts imports '../http/mount.js': a/src/http is above a/src/db in the layer order"]);
    expect(unlistedFolders(fakeTree({ 'a/src/app.ts': '', 'a/src/db/pool.ts': '', 'a/src/http/mount.ts': '', 'a/src/cache/lru.ts': '' }).files, 'a/src', order)).toEqual({
      unlisted: ['cache'],
      missing: ['gone'],
    });
  });

  it('holds the real order against a planted upward import, a planted server folder and a planted agent folder', () => {
    const planted = fakeTree({
      'server/src/db/planted.ts': "import { mountRoutes } from '../http/mount.js';",
      'server/src/planted/x.ts': "import { systemClock } from '../clock/time.js';",
      'agent/src/store/planted.ts': "import { Gate } from '../gate/gate.js';",
      'agent/src/scanner/x.ts': '',
    });
    const withPlanted = [...edges, ...importEdges(planted)];
    expect(layerViolations(withPlanted, 'server/src', serverFolders)).toEqual(["server/src/db/planted.ts imports '../http/mount.js': server/src/http is above server/src/db in the layer order"]);
    expect(unlistedFolders([...tree.files, ...planted.files], 'server/src', serverFolders).unlisted).toEqual(['planted']);
    expect(upwardImports(withPlanted, 'agent/src', agentLayers)).toEqual(["agent/src/store/planted.ts imports '../gate/gate.js': feature is above infrastructure"]);
    expect(topFolders([...tree.files, ...planted.files], 'agent/src')).toEqual([...Object.values(agentLayers).flat(), 'scanner'].sort());
  });

  it('reads the documented orders from their markdown', () => {
    const architecture =
      '- Workspaces.\n- No two folders of the server import each other. From the bottom: `clock/`, `db/` (its\n  `db/migrations/`), `./` (`app.ts`), `cli/`.\n- The agent: `gate/`.\n';
    expect(documentedServerOrder(architecture)).toEqual(['clock/', 'db/', 'db/migrations/', './', 'cli/']);
    const readme = '| folder | layer | what | may import |\n|---|---|---|---|\n| `gate/` | feature | doors | services |\n| `store/` | infrastructure | sqlite | other infrastructure |\n';
    expect(documentedAgentLayers(readme)).toEqual({ gate: 'feature', store: 'infrastructure' });
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
