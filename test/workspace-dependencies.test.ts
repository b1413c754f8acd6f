import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { importedSpecifiers, importTarget, readWorkspaces, runtimeClosure, workspaceCycle, workspaceEdges } from './helpers/workspace-graph.js';

const root = new URL('..', import.meta.url).pathname;
const workspaces = readWorkspaces(root);
const trackedCode = execFileSync('git', ['ls-files', '-z', '*.ts', '*.mts', '*.js', '*.mjs'], { cwd: root, encoding: 'utf8' }).split('\0').filter(Boolean);
const workspaceOf = (path: string) => [...workspaces.values()].find((workspace) => path === workspace.dir || path.startsWith(`${workspace.dir}/`)) ?? null;

/** Every import of a tracked file that lands in another folder's `test/`, as `file -> target`. */
function importsOfOtherTestFolders(): string[] {
  const found: string[] = [];
  for (const file of trackedCode) {
    for (const specifier of importedSpecifiers(readFileSync(root + file, 'utf8'))) {
      const target = importTarget(root, file, specifier, workspaces);
      const owner = target && workspaceOf(target);
      if (!owner || !target.startsWith(`${owner.dir}/test/`)) continue;
      if (workspaceOf(file) !== owner) found.push(`${file} -> ${specifier}`);
    }
  }
  return found;
}

describe('the workspaces depend one way', () => {
  it('shared <- server, agent, kiosk-ui <- one-box: the run-time dependencies between workspaces', () => {
    const edges = Object.fromEntries([...workspaces.keys()].map((name) => [name, workspaceEdges(workspaces, name).sort()]));
    expect(edges).toEqual({
      '@studio/shared': [],
      '@studio/server': ['@studio/shared'],
      '@studio/agent': ['@studio/shared'],
      '@studio/kiosk-ui': ['@studio/shared'],
      '@studio/one-box': ['@studio/agent', '@studio/kiosk-ui', '@studio/server', '@studio/shared'],
      // The test kit depends on everything, for development only.
      '@studio/testkit': [],
    });
    expect(workspaceCycle(workspaces)).toBeNull();
  });

  it('the test kit is only ever a devDependency, and the only workspace one', () => {
    for (const workspace of [...workspaces.values()].filter(({ name }) => name !== '@studio/testkit')) {
      expect(workspace.runtime, workspace.name).not.toContain('@studio/testkit');
      expect(
        workspace.dev.filter((name) => workspaces.has(name) && name !== '@studio/testkit'),
        workspace.name,
      ).toEqual([]);
    }
    const testkit = workspaces.get('@studio/testkit')!;
    expect(testkit.runtime).toEqual([]);
    expect(testkit.dev).toEqual(expect.arrayContaining(['@studio/server', '@studio/agent', '@studio/kiosk-ui', '@studio/one-box', '@studio/shared']));
  });

  it('an API-only install brings no device driver and no bundler, and the agent no kiosk-ui', () => {
    const deviceOrBundler = (name: string) => ['node-hid', 'serialport', 'esbuild'].includes(name) || name.startsWith('@serialport/');
    expect([...runtimeClosure(workspaces, '@studio/server')].filter(deviceOrBundler)).toEqual([]);
    const agent = runtimeClosure(workspaces, '@studio/agent');
    expect(agent.has('@studio/kiosk-ui') || agent.has('esbuild')).toBe(false);
    // The bundler builds the renderer before a run, so nothing needs it at run time.
    expect(workspaces.get('@studio/kiosk-ui')!.runtime).not.toContain('esbuild');
    expect(workspaces.get('@studio/kiosk-ui')!.dev).toContain('esbuild');
  });

  it('the `studio` command is the one-box, `studio-server` the server alone', () => {
    expect(workspaces.get('@studio/one-box')!.manifest.bin).toEqual({ studio: 'bin/studio.js' });
    expect(workspaces.get('@studio/server')!.manifest.bin).toEqual({ 'studio-server': 'bin/studio-server.js' });
    const rootPackage = JSON.parse(readFileSync(root + 'package.json', 'utf8')) as { dependencies: Record<string, string>; scripts: Record<string, string> };
    expect(Object.keys(rootPackage.dependencies)).toEqual(['@studio/one-box']);
    expect(rootPackage.scripts.start).toBe('node one-box/bin/studio.js start');
  });

  it("no file imports another workspace's test/ folder; the test kit none at all; no source file the test kit", () => {
    expect(importsOfOtherTestFolders()).toEqual([]);
    const fromTestkit = trackedCode.filter((file) => file.startsWith('testkit/')).flatMap((file) => importedSpecifiers(readFileSync(root + file, 'utf8')).map((specifier) => ({ file, specifier })));
    expect(fromTestkit.length).toBeGreaterThan(20);
    expect(fromTestkit.filter(({ file, specifier }) => /(^|\/)test\//.test(importTarget(root, file, specifier, workspaces) ?? ''))).toEqual([]);
    const sources = trackedCode.filter((file) => /^[^/]+\/(src|bin)\//.test(file) && !file.startsWith('testkit/'));
    expect(sources.filter((file) => importedSpecifiers(readFileSync(root + file, 'utf8')).some((specifier) => specifier.startsWith('@studio/testkit')))).toEqual([]);
  });

  it('finds a cycle when there is one, and an import of a test folder', () => {
    const cyclic = readWorkspaces(root);
    cyclic.get('@studio/kiosk-ui')!.runtime.push('@studio/one-box');
    expect(workspaceCycle(cyclic)).toEqual(['@studio/kiosk-ui', '@studio/one-box', '@studio/kiosk-ui']);
    expect(importTarget(root, 'bench/kiosk-paint.ts', '../agent/test/helpers/kiosk-stack.js', workspaces)).toBe('agent/test/helpers/kiosk-stack.js');
    expect(importTarget(root, 'chaos/run.ts', '@studio/testkit/server/fixture', workspaces)).toBe('testkit/server/fixture');
    expect(importedSpecifiers("import { a } from './a.js';\nexport { b } from '../b.js';\nconst c = await import('@studio/agent/launch');\nimport 'side';")).toEqual([
      './a.js',
      '../b.js',
      '@studio/agent/launch',
      'side',
    ]);
  });
});
