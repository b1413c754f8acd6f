import { readFileSync } from 'node:fs';
import { relative } from 'node:path';
import ts from 'typescript';

/*
 * The browser apps' check that every word they show comes from their catalogs (web-app and
 * member-app test/catalogs.test.ts): one finder of hard-coded words, the same rules for both.
 */

/** Attribute and property names whose values are machinery, not words: classes, ids, roles, routes, keys, styles. */
const technical =
  /^(className|class|id|key|role|type|to|href|path|name|autoComplete|inputMode|variant|color|c|size|fw|ta|justify|align|gap|wrap|mode|method|pattern|accept|target|rel|component|radius|position|layout|orientation|data-[\w-]+|testId|queryKey|mutationKey|code|dateStyle|timeStyle|zone|locale|currency|style|display|weekday|month|day|hour|minute|year|era)$/;

/** Calls whose string arguments are for developers or machines: errors, logs, routes, formats, keys. */
const machineCalls =
  /(^|\.)(import|Error|console\.\w+|t|i18n\.t|toFormat|fromFormat|fromISO|fromSQL|navigate|useNavigate|matchPath|querySelector|getElementById|setItem|getItem|removeItem|addEventListener|removeEventListener|useSearchParams|get|set|has|append|delete|startsWith|endsWith|includes|split|replace|join|padStart|padEnd|test|exec|match|setFieldError|invalidateQueries|useContractQuery|useContractMutation|call|invalidateContracts|describe)$/;

function forMachines(node: ts.Node): boolean {
  for (let parent = node.parent; parent; parent = parent.parent) {
    if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent) || ts.isImportTypeNode(parent) || ts.isLiteralTypeNode(parent)) return true;
    if ((ts.isNewExpression(parent) || ts.isCallExpression(parent)) && machineCalls.test(parent.expression.getText())) return true;
    if (ts.isJsxAttribute(parent) && technical.test(parent.name.getText())) return true;
    // `this.name = 'ApiRequestError'`: an assignment to a technical property, as in an object literal.
    if (ts.isBinaryExpression(parent) && parent.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(parent.left) && technical.test(parent.left.name.text)) return true;
    if (ts.isPropertyAssignment(parent) && technical.test(parent.name.getText().replace(/['"]/g, ''))) return true;
    if (ts.isBinaryExpression(parent) && /^[=!]==?$/.test(parent.operatorToken.getText())) return true;
    if (ts.isCaseClause(parent) || ts.isElementAccessExpression(parent)) return true;
  }
  return false;
}

/**
 * Words a person would read, found in one source file of an app whose sources are below `sourceDir`: JSX text with letters, and string literals
 * that read as words (a capitalised word or two words) outside machinery. Each is `file: "text"`.
 */
export function shownLiteralsIn(sourceDir: string, path: string, text = readFileSync(path, 'utf8')): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true, path.endsWith('.tsx') ? ts.ScriptKind.TSX : ts.ScriptKind.TS);
  const found: string[] = [];
  const where = relative(sourceDir, path);
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node)) {
      const words = node.text.trim();
      if (/\p{L}{2,}/u.test(words)) found.push(`${where}: ${JSON.stringify(words)}`);
    } else {
      const literal = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) || ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) ? node.text : null;
      const readsAsWords = literal !== null && (/\b[A-Z][a-z]{2,}/.test(literal) || /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(literal));
      const isKey = node.parent !== undefined && (ts.isPropertyAssignment(node.parent) || ts.isPropertySignature(node.parent)) && node.parent.name === node;
      if (readsAsWords && !isKey && !forMachines(node)) found.push(`${where}: ${JSON.stringify(literal)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}
