import { readFileSync } from 'node:fs';
import { createConfig, lintFromString } from '@redocly/openapi-core';
import { describe, expect, it } from 'vitest';
import { apiRoutes } from '../../src/modules/routes.js';
import { bodyName } from '../../src/openapi/request-bodies.js';
import { committedDocument } from './openapi-flow/harness.js';

/** The named request bodies, kept in `components.schemas` for generated clients though no operation refers to them (openapi/request-bodies.ts). */
const keptBodyNames = [...new Set(apiRoutes.flatMap((route) => (route.body ? [bodyName(route.body)] : [])).filter((name) => name !== undefined))];

describe("docs/openapi.json under Redocly's recommended rules", () => {
  it('has no problem, not even a warning (no rule turned off), but the body names kept for generated clients being unused', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source: readFileSync(committedDocument, 'utf8'), absoluteRef: committedDocument, config });
    const kept = (name: string) => `warn no-unused-components: Component: "${name}" is never used. at #/components/schemas/${name}`;
    expect(keptBodyNames).toEqual(expect.arrayContaining(['BookingCreate', 'CheckInRequest']));
    expect(problems.map((p) => `${p.severity} ${p.ruleId}: ${p.message} at ${p.location[0]?.pointer ?? ''}`).sort()).toEqual(keptBodyNames.map(kept).sort());
  });
});
