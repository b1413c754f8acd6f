import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { ImportError } from '../../src/modules/setup/import-problems.js';
import { canonicalJson, importFingerprint } from '../../src/modules/setup/import-fingerprint.js';
import { importBusiness, type ImportOptions } from '../../src/modules/setup/importer.js';
import { refusedLeavingNoTrace } from '../helpers/row-counts.js';

const firstImport = Date.parse('2027-05-04T09:30:00.000Z');
const clockAt = (ms: number) => () => ms;

/** A studio without ids: each import of it as a new company would make another copy of it. */
function studioFile(name = 'Birch Pilates') {
  return {
    version: 1,
    company: { name, key_prefix: 'birch' },
    locations: [{ ref: 'main', name, slug: 'birch-main', timezone: 'Europe/Berlin', country: 'DE' }],
    contacts: [{ ref: 'ida', location: 'main', first_name: 'Ida', phone: '030 901820' }],
  };
}

/** Entries for an existing company: a second location and its contact. */
function branchFile(slug: string) {
  return {
    version: 1,
    locations: [{ ref: 'branch', name: 'Branch', slug, timezone: 'Europe/Berlin', country: 'DE' }],
    contacts: [{ ref: 'ole', location: 'branch', first_name: 'Ole' }],
  };
}

describe('the canonical content of an import file', () => {
  it('is the same however the file is formatted or its keys ordered, and differs with any value or entry order', () => {
    const file = studioFile();
    const reordered = JSON.parse(JSON.stringify({ contacts: file.contacts, locations: file.locations, company: { key_prefix: 'birch', name: 'Birch Pilates' }, version: 1 }));
    expect(canonicalJson(reordered)).toBe(canonicalJson(JSON.parse(JSON.stringify(file, null, 4))));
    expect(importFingerprint(reordered)).toBe(importFingerprint(file));
    expect(importFingerprint(file)).toMatch(/^[0-9a-f]{64}$/);
    expect(importFingerprint(studioFile('Birch Pilates Studio'))).not.toBe(importFingerprint(file));
    const twoContacts = { ...file, contacts: [...file.contacts, { ref: 'max', location: 'main', first_name: 'Max' }] };
    expect(importFingerprint({ ...twoContacts, contacts: [...twoContacts.contacts].reverse() })).not.toBe(importFingerprint(twoContacts));
  });
});

describe.each(dialects)('importing the same file twice on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);

  async function refusal(file: unknown, options: ImportOptions): Promise<string[]> {
    return (await refusedLeavingNoTrace(suite.db, ImportError, () => importBusiness(suite.db, file, options))).problems;
  }

  it('refuses the same content as a new company again, naming when and where it went, unless asked to import it again', async () => {
    const first = await importBusiness(suite.db, studioFile(), { clock: clockAt(firstImport) });
    const reformatted = JSON.parse(JSON.stringify(studioFile(), null, 2));
    expect(await refusal(reformatted, { clock: clockAt(firstImport + 3600_000) })).toEqual([
      `(file): the same content was already imported on 2027-05-04T09:30:00.000Z into company ${first.company_id} ("Birch Pilates"); to import it again anyway, use --again`,
    ]);

    const second = await importBusiness(suite.db, reformatted, { again: true, clock: clockAt(firstImport + 7200_000) });
    expect(second.company_id).not.toBe(first.company_id);
    expect(second.created).toMatchObject({ companies: 1, locations: 1, contacts: 1 });
    // The latest import is the one a further repeat names.
    expect(await refusal(studioFile(), {})).toEqual([expect.stringContaining(`on 2027-05-04T11:30:00.000Z into company ${second.company_id} ("Birch Pilates")`)]);
    const recorded = await suite.db.all(
      suite.db.qb.selectFrom('import_fingerprints').select(['company_id', 'created_company', 'imported_at']).where('sha256', '=', importFingerprint(studioFile())).orderBy('imported_at'),
    );
    expect(recorded).toEqual([
      { company_id: first.company_id, created_company: 1, imported_at: '2027-05-04T09:30:00.000Z' },
      { company_id: second.company_id, created_company: 1, imported_at: '2027-05-04T11:30:00.000Z' },
    ]);
  });

  it('remembers a file per company it was added to: another company may take it, the same one only when asked', async () => {
    const [north, south] = [await importBusiness(suite.db, studioFile('North Pilates')), await importBusiness(suite.db, studioFile('South Pilates'))];
    const branch = branchFile('branch-one');
    await importBusiness(suite.db, branch, { companyId: north.company_id, clock: clockAt(firstImport) });
    expect(await refusal(branch, { companyId: north.company_id })).toEqual([
      `(file): the same content was already imported on 2027-05-04T09:30:00.000Z into company ${north.company_id} ("North Pilates"); to import it again anyway, use --again`,
    ]);
    expect((await importBusiness(suite.db, branch, { companyId: south.company_id })).created).toMatchObject({ companies: 0, locations: 1, contacts: 1 });
    // Added to existing companies only: as a new company it was never imported, so only its own problems stop it.
    expect(await refusal(branch, {})).toEqual(['company: required, unless the import adds to an existing company']);
  });

  it('records nothing for a refused import, so the corrected file is not taken for a repeat', async () => {
    const broken = { ...studioFile('Cedar Yoga'), contacts: [{ ref: 'ida', location: 'nowhere', first_name: 'Ida' }] };
    expect(await refusal(broken, {})).toEqual(['contacts[0] (ref "ida"): location "nowhere" is not a location in this file']);
    // The same broken file again is refused for its problem, not as a repeat.
    expect(await refusal(broken, {})).toEqual(['contacts[0] (ref "ida"): location "nowhere" is not a location in this file']);
    expect((await importBusiness(suite.db, studioFile('Cedar Yoga'))).created.companies).toBe(1);
  });
});
