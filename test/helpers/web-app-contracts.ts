import ts from 'typescript';
import { z } from 'zod';
import type { RouteContract } from '@studio/shared/contracts';
import type { SourceTree } from './import-graph.js';

/**
 * The web app's rules for talking to the server (docs/architecture.md §1): every call goes through
 * `call` over a route contract (web-app/src/api/call.ts), and no type in the app restates what a
 * contract's schemas already say about a route's body or answer.
 */

const appSource = /^web-app\/src\/.*\.tsx?$/;
/** The one module that reaches the network, and the one typed call over it. */
export const callModules = new Set(['web-app/src/api/http.ts', 'web-app/src/api/call.ts']);

/** A line that reaches the server other than through `call`, or types a call's answer by hand. */
const rawCall = [
  { pattern: /\bfetch\s*\(/, rule: 'a raw fetch(' },
  { pattern: /\bXMLHttpRequest\b/, rule: 'an XMLHttpRequest' },
  { pattern: /\bhttp\s*\.\s*request\b/, rule: 'http.request outside call.ts' },
  { pattern: /\bcreateHttpClient\s*\(/, rule: 'a second HTTP client' },
  { pattern: /\b(call|useContractQuery|useContractMutation|request)\s*<[^>]/, rule: 'a call typed by hand (an explicit type argument)' },
];

export interface Finding {
  file: string;
  line: number;
  rule: string;
}

export function appFiles(tree: SourceTree): string[] {
  return [...tree.files].filter((file) => appSource.test(file)).sort();
}

/** Every call to the server that bypasses the contract call, or names its answer's type itself. */
export function rawServerCalls(tree: SourceTree): Finding[] {
  const findings: Finding[] = [];
  for (const file of appFiles(tree)) {
    if (callModules.has(file)) continue;
    tree
      .read(file)
      .split('\n')
      .forEach((text, index) => {
        for (const { pattern, rule } of rawCall) if (pattern.test(text)) findings.push({ file, line: index + 1, rule });
      });
  }
  return findings;
}

/** The field names of every object a contract sends or answers: its body, each answer, and a list answer's items. */
export function contractShapes(contracts: readonly RouteContract[]): { operationId: string; keys: Set<string> }[] {
  const shapes: { operationId: string; keys: Set<string> }[] = [];
  const add = (operationId: string, schema: z.ZodType | undefined) => {
    if (!(schema instanceof z.ZodObject)) return;
    const shape = schema.shape as Record<string, z.ZodType>;
    shapes.push({ operationId, keys: new Set(Object.keys(shape)) });
    const data = shape.data;
    if (data instanceof z.ZodArray) add(operationId, data.element as z.ZodType);
  };
  for (const contract of contracts) {
    add(contract.operationId, contract.body);
    for (const response of Object.values(contract.responses)) add(contract.operationId, response.schema);
  }
  return shapes.filter((shape) => shape.keys.size >= 2);
}

/**
 * Hand-written route types: an interface or object type alias anywhere in the app that declares every
 * field of a contract's body or answer (a copy of it), and any interface in web-app/src/api/ but the
 * call modules (what api/ exports about routes is derived from contracts: BodyOf, ResultOf).
 */
export function handWrittenRouteTypes(tree: SourceTree, shapes: ReturnType<typeof contractShapes>): Finding[] {
  const findings: Finding[] = [];
  for (const file of appFiles(tree)) {
    const source = ts.createSourceFile(file, tree.read(file), ts.ScriptTarget.Latest, true, file.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
    const line = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const visit = (node: ts.Node) => {
      let members: ts.NodeArray<ts.TypeElement> | null = null;
      if (ts.isInterfaceDeclaration(node)) {
        members = node.members;
        if (file.startsWith('web-app/src/api/') && !callModules.has(file)) findings.push({ file, line: line(node), rule: `interface ${node.name.text} in api/ (derive it from a contract)` });
      } else if (ts.isTypeAliasDeclaration(node) && ts.isTypeLiteralNode(node.type)) members = node.type.members;
      if (members) {
        const names = new Set(members.flatMap((member) => (member.name && (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name)) ? [member.name.text] : [])));
        const copied = shapes.find((shape) => [...shape.keys].every((key) => names.has(key)));
        if (copied) findings.push({ file, line: line(node), rule: `a hand copy of ${copied.operationId}'s body or answer` });
      }
      ts.forEachChild(node, visit);
    };
    visit(source);
  }
  return findings;
}
