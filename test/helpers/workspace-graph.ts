import type { ImportEdge } from './import-graph.js';

/** What a workspace's package.json declares. */
export interface Workspace {
  folder: string;
  name: string;
  dependencies: Record<string, string>;
  devDependencies: Record<string, string>;
}

const topFolder = (path: string) => path.split('/')[0]!;
const packageName = (specifier: string) =>
  specifier
    .split('/')
    .slice(0, specifier.startsWith('@') ? 2 : 1)
    .join('/');
const isTestFile = (path: string) => path.split('/')[1] === 'test';

/**
 * Imports that break the packages' boundaries: a workspace reaching into another folder by a relative
 * path, anything reaching into another folder's `test/`, or a workspace importing a workspace it does
 * not declare (run-time code: `dependencies`; its tests: `devDependencies` too).
 */
export function boundaryViolations(edges: ImportEdge[], workspaces: Workspace[]): string[] {
  const byFolder = new Map(workspaces.map((workspace) => [workspace.folder, workspace]));
  const names = new Set(workspaces.map((workspace) => workspace.name));
  const violations: string[] = [];
  for (const edge of edges) {
    const home = topFolder(edge.from);
    const workspace = byFolder.get(home);
    if (edge.to) {
      const away = topFolder(edge.to);
      if (away === home) continue;
      if (edge.to.split('/')[1] === 'test') violations.push(`${edge.from} reaches into another folder's tests: '${edge.specifier}'`);
      else if (workspace) violations.push(`${edge.from} leaves its workspace by a relative path: '${edge.specifier}' (import the package)`);
      continue;
    }
    const name = packageName(edge.specifier);
    if (!workspace || !names.has(name) || name === workspace.name) continue;
    const declared = isTestFile(edge.from) ? { ...workspace.dependencies, ...workspace.devDependencies } : workspace.dependencies;
    if (!(name in declared)) violations.push(`${edge.from} imports ${name}, which ${workspace.folder}/package.json does not declare`);
  }
  return violations;
}

/** Every package a workspace brings in at run time: its dependencies and, through workspaces, theirs. */
export function runtimeClosure(workspaces: Workspace[], start: string): Set<string> {
  const byName = new Map(workspaces.map((workspace) => [workspace.name, workspace]));
  const seen = new Set<string>();
  const pending = Object.keys(byName.get(start)?.dependencies ?? {});
  while (pending.length > 0) {
    const name = pending.pop()!;
    if (seen.has(name)) continue;
    seen.add(name);
    pending.push(...Object.keys(byName.get(name)?.dependencies ?? {}));
  }
  return seen;
}

/**
 * The workspaces' run-time dependencies as a graph, for the cycle check. A test kit that depends on
 * the workspaces whose tests use it is a development-only loop, and allowed.
 */
export function declaredGraph(workspaces: Workspace[]): Map<string, Map<string, string>> {
  const names = new Set(workspaces.map((workspace) => workspace.name));
  return new Map(
    workspaces.map((workspace) => {
      const targets = Object.keys(workspace.dependencies).filter((name) => names.has(name));
      return [workspace.name, new Map(targets.map((name) => [name, name]))];
    }),
  );
}
