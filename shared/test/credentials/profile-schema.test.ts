import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { MatchingProfile } from '../../src/credentials/index.js';

// The profile is part of the API document (location settings): it is named and every field says what it does.
describe('MatchingProfile in the API document', () => {
  it('is a named schema whose every field has a description', () => {
    type Properties = Record<string, { description?: string; properties?: Record<string, { description?: string }> }>;
    const document = z.toJSONSchema(MatchingProfile) as { $ref: string; $defs: Record<string, { properties: Properties }> };
    expect(document.$ref).toBe('#/$defs/MatchingProfile');
    const { formats, byte_order } = document.$defs.MatchingProfile!.properties;
    expect(formats?.description).toMatch(/card number/);
    expect(byte_order?.description).toMatch(/reversed/);
    expect(formats?.properties?.hex?.description).toMatch(/hex digits/);
    expect(formats?.properties?.decimal?.description).toMatch(/decimal digits/);
    expect(formats?.properties?.wiegand26?.description).toMatch(/Wiegand 26/);
  });
});
