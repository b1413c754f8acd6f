import { posix } from 'node:path';
import ts from 'typescript';

/** One import statement: the file that imports, what it wrote, and the repository file it reaches (null: a package). */
export interface ImportEdge {
  from: string;
  specifier: string;
  to: string | null;
}

/** A view of the repository's TypeScript files by repository-relative path, so the rules can be tested on made-up trees. */
export interface SourceTree {
  files: Set<string>;
  read(path: string): string;
}

/** Every import, export-from, dynamic import and require of the tree's files, parsed by the TypeScript compiler's pre-processor. */
export function importEdges(tree: SourceTree): ImportEdge[] {
  const edges: ImportEdge[] = [];
  for (const from of tree.files) {
    const { importedFiles } = ts.preProcessFile(tree.read(from), true, true);
    for (const { fileName: specifier } of importedFiles) edges.push({ from, specifier, to: resolveRelative(tree.files, from, specifier) });
  }
  return edges;
}

/** `./x.js` written in a `.ts` file names `./x.ts` (NodeNext); a folder import names its `index.ts`. */
function resolveRelative(files: Set<string>, from: string, specifier: string): string | null {
  if (!specifier.startsWith('.')) return null;
  const target = posix.normalize(posix.join(posix.dirname(from), specifier));
  const candidates = [target, target.replace(/\.(m|c)?js$/, '.$1ts'), `${target}.ts`, `${target}/index.ts`];
  return candidates.find((path) => files.has(path)) ?? target;
}

/** The edges between folders under `root`: folder -> folder it imports, with one import that shows it. */
export function folderGraph(edges: ImportEdge[], root: string): Map<string, Map<string, ImportEdge>> {
  const graph = new Map<string, Map<string, ImportEdge>>();
  const inside = (path: string) => path.startsWith(`${root}/`);
  for (const edge of edges) {
    if (!edge.to || !inside(edge.from) || !inside(edge.to)) continue;
    const [from, to] = [posix.dirname(edge.from), posix.dirname(edge.to)];
    if (from === to) continue;
    const targets = graph.get(from) ?? new Map<string, ImportEdge>();
    if (!targets.has(to)) targets.set(to, edge);
    graph.set(from, targets);
  }
  return graph;
}

/** The graph's cycles, as strongly connected components of more than one node (Tarjan), each sorted. */
export function cycles<T>(graph: Map<string, Map<string, T>>): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const found: string[][] = [];
  const visit = (node: string) => {
    index.set(node, index.size);
    low.set(node, index.get(node)!);
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node)?.keys() ?? []) {
      if (!index.has(next)) {
        visit(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string;
    do {
      member = stack.pop()!;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) found.push(component.sort());
  };
  for (const node of graph.keys()) if (!index.has(node)) visit(node);
  return found;
}

/** A readable account of one cycle: each folder edge inside it with the import that makes it. */
export function describeCycle(graph: Map<string, Map<string, ImportEdge>>, cycle: string[]): string {
  const members = new Set(cycle);
  const lines = [`cycle between ${cycle.join(', ')}:`];
  for (const from of cycle) {
    for (const [to, edge] of graph.get(from) ?? []) if (members.has(to)) lines.push(`  ${from} -> ${to} (${edge.from} imports '${edge.specifier}')`);
  }
  return lines.join('\n');
}

/** Imports from one feature folder into a peer feature folder (features never import each other). */
export function featureCrossings(edges: ImportEdge[], features: string[]): ImportEdge[] {
  const featureOf = (path: string) => features.find((folder) => path.startsWith(`${folder}/`));
  return edges.filter((edge) => {
    if (!edge.to) return false;
    const [from, to] = [featureOf(edge.from), featureOf(edge.to)];
    return from !== undefined && to !== undefined && from !== to;
  });
}

/**
 * Imports that do not go down `order` (folders under `root` from the bottom, `''` for `root`'s own
 * files): each folder may import only folders listed before it. A folder the order does not list
 * is `unlistedFolders`' finding, so a new folder is placed on purpose.
 */
export function layerViolations(edges: ImportEdge[], root: string, order: readonly string[]): string[] {
  const graph = folderGraph(edges, root);
  const rank = (folder: string) => order.indexOf(folder === root ? '' : folder.slice(root.length + 1));
  const problems: string[] = [];
  for (const [from, targets] of graph) {
    for (const [to, edge] of targets) {
      if (rank(from) === -1 || rank(to) === -1) continue;
      if (rank(to) > rank(from)) problems.push(`${edge.from} imports '${edge.specifier}': ${to} is above ${from} in the layer order`);
    }
  }
  return problems;
}

/** The folders under `root` holding source files that `order` does not list, and the folders it lists that hold none. */
export function unlistedFolders(files: Iterable<string>, root: string, order: readonly string[]): { unlisted: string[]; missing: string[] } {
  const present = new Set<string>();
  for (const path of files) if (path.startsWith(`${root}/`)) present.add(posix.dirname(path) === root ? '' : posix.dirname(path).slice(root.length + 1));
  return { unlisted: [...present].filter((folder) => !order.includes(folder)).sort(), missing: order.filter((folder) => !present.has(folder)) };
}

/**
 * Imports from a layer into one above it, where `layers` lists top-level folders under `root` by
 * layer from the bottom: a file in a folder or any of its subfolders belongs to its top-level
 * folder's layer. Files at `root` itself (the composition root) belong to none.
 */
export function upwardImports(edges: ImportEdge[], root: string, layers: Record<string, readonly string[]>): string[] {
  const names = Object.keys(layers);
  const layerOf = (path: string) => {
    const top = path.slice(root.length + 1).split('/')[0]!;
    const index = names.findIndex((name) => layers[name]!.includes(top));
    return index === -1 ? undefined : index;
  };
  return edges.flatMap((edge) => {
    if (!edge.to || !edge.from.startsWith(`${root}/`) || !edge.to.startsWith(`${root}/`)) return [];
    const [from, to] = [layerOf(edge.from), layerOf(edge.to)];
    return from !== undefined && to !== undefined && to > from ? [`${edge.from} imports '${edge.specifier}': ${names[to]} is above ${names[from]}`] : [];
  });
}
