import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { wordsFor } from '../../src/renderer/i18n/words.ts';
import { languages, messageArguments } from '@studio/shared/i18n';
import { catalogs, en } from '../../src/renderer/i18n/catalogs.ts';

const rendererDir = fileURLToPath(new URL('../../src/renderer/', import.meta.url));

/** Values that are the same in both languages on purpose: marks and punctuation only. */
const sameInEvery = new Set(['class.on_weekday', 'answer.greeting', 'answer.no_greeting']);

describe('the kiosk catalogs', () => {
  it('have the same keys in every language as in English', () => {
    for (const language of languages) expect(Object.keys(catalogs[language]).sort(), language).toEqual(Object.keys(en).sort());
  });

  it('hold valid ICU messages that fill the same values as English, leaving no word untranslated or empty', () => {
    for (const language of languages) {
      for (const key of Object.keys(en) as (keyof typeof en)[]) {
        const message = catalogs[language][key];
        expect(messageArguments(message), `${language}:${key}`).toEqual(messageArguments(en[key]));
        expect(message.trim().length, `${language}:${key}`).toBeGreaterThan(0);
        if (language !== 'en' && !sameInEvery.has(key)) expect(message, `${language}:${key}`).not.toBe(en[key]);
      }
    }
  });

  it('count in each language by its own plural rules', () => {
    const spots = (language: (typeof languages)[number], count: number) => wordsFor(language).t('spots.left', { count });
    expect([spots('en', 1), spots('en', 3)]).toEqual(['1 spot left', '3 spots left']);
    expect([spots('es', 1), spots('es', 3)]).toEqual(['Queda 1 plaza', 'Quedan 3 plazas']);
    expect([spots('de', 1), spots('de', 3)]).toEqual(['Noch 1 Platz frei', 'Noch 3 Plätze frei']);
  });
});

/** Every renderer source file outside the catalogs. */
function rendererSources(dir = rendererDir): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return name === 'i18n' ? [] : rendererSources(path);
    return path.endsWith('.ts') ? [path] : [];
  });
}

/** Attribute names whose values are machinery, not words: class names, ids, roles, data. */
const technicalAttributes = /^(class|id|role|type|tabindex|alt|hidden|aria-hidden|aria-labelledby|data-[\w-]+)$/;

/**
 * String literals that read as words for a person: a capitalised word, or two words. Left out:
 * technical attribute values, console messages and errors (for developers), imports, and strings
 * with no letters (glyphs, separators).
 */
function shownLiterals(path: string, text = readFileSync(path, 'utf8')): string[] {
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const forDevelopers = (node: ts.Node): boolean => {
    for (let parent = node.parent; parent; parent = parent.parent) {
      if (ts.isImportDeclaration(parent) || ts.isExportDeclaration(parent)) return true;
      if (ts.isNewExpression(parent) && /Error$/.test(parent.expression.getText())) return true;
      // Log lines, and what an off-contract payload was (it ends up in an error's message).
      if (ts.isCallExpression(parent) && /^(console\.\w+|parsePayload)$/.test(parent.expression.getText())) return true;
      // icon(glyph, className): the class name.
      if (ts.isCallExpression(parent) && parent.expression.getText() === 'icon' && parent.arguments[1] === node) return true;
      if (ts.isPropertyAssignment(parent) && technicalAttributes.test(parent.name.getText().replace(/['"]/g, ''))) return true;
    }
    return false;
  };
  const visit = (node: ts.Node) => {
    const text = ts.isStringLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ? node.text : ts.isTemplateHead(node) || ts.isTemplateMiddle(node) || ts.isTemplateTail(node) ? node.text : null;
    const readsAsWords = text !== null && (/\b[A-Z][a-z]{2,}/.test(text) || /[A-Za-z]{2,}\s+[A-Za-z]{2,}/.test(text));
    const isKey = node.parent !== undefined && ts.isPropertyAssignment(node.parent) && node.parent.name === node;
    if (readsAsWords && !isKey && !forDevelopers(node)) found.push(`${relative(rendererDir, path)}: ${JSON.stringify(text)}`);
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('the renderer', () => {
  it('takes every word it shows from the catalogs: no string is hard-coded in a screen', () => {
    const sources = rendererSources();
    expect(sources.length).toBeGreaterThan(10);
    expect(sources.flatMap((path) => shownLiterals(path))).toEqual([]);
  });

  it('would notice a hard-coded string', () => {
    const probe = join(rendererDir, 'screens/timetable.ts');
    const text = readFileSync(probe, 'utf8').replace("t('timetable.title')", "'Tap your class to check in'");
    expect(shownLiterals(probe, text)).toEqual(['screens/timetable.ts: "Tap your class to check in"']);
    expect(shownLiterals(probe, text.replace("t('class.now')", "'Now'"))).toContain('screens/timetable.ts: "Now"');
  });
});
