import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../../src/modules/setup/import-problems.js';
import { importBusiness } from '../../src/modules/setup/importer.js';
import { rowCounts } from '../helpers/row-counts.js';

/** The smallest business: a company and one location in `timezone`. */
const business = (timezone: string, slug: string) => ({
  version: 1,
  company: { name: `Studio ${slug}`, key_prefix: slug.replace(/\W/g, '') },
  locations: [{ ref: 'main', name: 'Main', slug, timezone, country: 'US' }],
});

describe.each(dialects)("an imported location's time zone on %s", (dialect) => {
  const suite = useFreshDatabase(dialect);

  it('refuses an abbreviation or a fixed offset, suggesting the region zone, and writes nothing', async () => {
    for (const [zone, expected] of [
      ['EST', 'use America/New_York'],
      ['PST', 'use America/Los_Angeles'],
      ['Etc/GMT+5', "use the zone of the studio's region, e.g. America/New_York"],
    ] as const) {
      const before = await rowCounts(suite.db);
      const error = await importBusiness(suite.db, business(zone, 'refused')).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(error, zone).toBeInstanceOf(ImportError);
      const problems = (error as ImportError).problems;
      expect(problems).toHaveLength(1);
      expect(problems[0]).toMatch(/^locations\[0\] \(ref "main"\)\.timezone: /);
      expect(problems[0]).toContain(`"${zone}"`);
      expect(problems[0]).toContain(expected);
      expect(await rowCounts(suite.db)).toEqual(before);
    }
  });

  it('accepts a region zone and UTC', async () => {
    await expect(importBusiness(suite.db, business('America/New_York', 'ny'))).resolves.toBeDefined();
    await expect(importBusiness(suite.db, business('UTC', 'utc'))).resolves.toBeDefined();
  });
});
