import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { committedDocument } from './openapi-flow/harness.js';

describe("docs/openapi.json under Redocly's recommended rules", () => {
  it('has no problem, not even a warning (no rule turned off)', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: readFileSync(committedDocument, 'utf8'), absoluteRef: committedDocument, config });
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`)).toEqual([]);
  });
});
