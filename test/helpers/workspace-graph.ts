import { readFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

export interface Workspace {
  name: string;
  /** The folder, relative to the repository root (`server`). */
  dir: string;
  manifest: Record<string, Record<string, string> | undefined>;
  /** What it needs installed to run: dependencies, optional and peer dependencies. */
  runtime: string[];
  dev: string[];
}

const runtimeKinds = ['dependencies', 'optionalDependencies', 'peerDependencies'];
const readJson = (path: string) => JSON.parse(readFileSync(path, 'utf8')) as Record<string, unknown>;

/** Every workspace of the root package.json, by package name. */
export function readWorkspaces(root: string): Map<string, Workspace> {
  const workspaces = new Map<string, Workspace>();
  for (const dir of readJson(join(root, 'package.json')).workspaces as string[]) {
    const manifest = readJson(join(root, dir, 'package.json')) as Workspace['manifest'];
    const name = manifest.name as unknown as string;
    const runtime = runtimeKinds.flatMap((kind) => Object.keys(manifest[kind] ?? {}));
    workspaces.set(name, { name, dir, manifest, runtime, dev: Object.keys(manifest.devDependencies ?? {}) });
  }
  return workspaces;
}

/** The workspaces a workspace needs at run time, by name. */
export function workspaceEdges(workspaces: Map<string, Workspace>, name: string): string[] {
  return workspaces.get(name)!.runtime.filter((dependency) => workspaces.has(dependency));
}

/** A cycle among the workspaces' run-time dependencies, as the names along it, or null. */
export function workspaceCycle(workspaces: Map<string, Workspace>): string[] | null {
  const state = new Map<string, 'visiting' | 'done'>();
  const visit = (name: string, path: string[]): string[] | null => {
    if (state.get(name) === 'visiting') return [...path.slice(path.indexOf(name)), name];
    if (state.get(name) === 'done') return null;
    state.set(name, 'visiting');
    for (const next of workspaceEdges(workspaces, name)) {
      const cycle = visit(next, [...path, name]);
      if (cycle) return cycle;
    }
    state.set(name, 'done');
    return null;
  };
  for (const name of workspaces.keys()) {
    const cycle = visit(name, []);
    if (cycle) return cycle;
  }
  return null;
}

/** Every package a workspace brings at run time: its own, and those of the workspaces it needs, followed through. */
export function runtimeClosure(workspaces: Map<string, Workspace>, name: string): Set<string> {
  const reached = new Set<string>();
  const follow = (current: string) => {
    for (const dependency of workspaces.get(current)!.runtime) {
      if (reached.has(dependency)) continue;
      reached.add(dependency);
      if (workspaces.has(dependency)) follow(dependency);
    }
  };
  follow(name);
  return reached;
}

/** The module specifiers a TypeScript or JavaScript file imports (static, dynamic and re-exports). */
export function importedSpecifiers(text: string): string[] {
  const specifiers = [...text.matchAll(/(?:^|\s)(?:import|export)\s[^;]*?from\s+'([^']+)'/gm), ...text.matchAll(/\bimport\(\s*'([^']+)'\s*\)/g), ...text.matchAll(/^import\s+'([^']+)'/gm)];
  return specifiers.map((match) => match[1]!);
}

/**
 * Where an import lands, as a path relative to the root: a relative specifier from `file`'s folder,
 * a workspace package (`@studio/testkit/server/fixture`) in that workspace's folder; anything else
 * (node:, third-party packages) is null.
 */
export function importTarget(root: string, file: string, specifier: string, workspaces: Map<string, Workspace>): string | null {
  if (specifier.startsWith('.')) return relative(root, resolve(root, dirname(file), specifier));
  for (const workspace of workspaces.values()) {
    if (specifier === workspace.name || specifier.startsWith(`${workspace.name}/`)) return join(workspace.dir, specifier.slice(workspace.name.length));
  }
  return null;
}
