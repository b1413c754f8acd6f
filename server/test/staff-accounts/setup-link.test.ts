import { dialects, useFreshDatabase } from '@studio/testkit/server/databases';
import { describe, expect, it } from 'vitest';
import { auditLog } from '../../src/modules/staff-accounts/audit.js';
import { createOwnerFromLink, mintSetupLink } from '../../src/modules/staff-accounts/setup-link.js';
import { hashSecret } from '../../src/modules/staff-accounts/secrets.js';
import { handClock, testSettings, twoLocationStudio } from './studio.js';

const hour = 3_600_000;

describe.each(dialects)('the owner setup link on %s', (dialect) => {
  const suite = useFreshDatabase(dialect);
  const clock = handClock();
  const settings = testSettings(clock.now);
  const owner = (token: string, email = 'owner@alder.example') => createOwnerFromLink(suite.db, settings, { token, email, displayName: 'Olu Owner', password: 'a long enough passphrase' });

  it('creates an owner once, keeping only the hash of the link, and records it', async () => {
    const studio = await twoLocationStudio(suite.db);
    const link = await mintSetupLink(suite.db, settings, studio.companyId);
    expect(link.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(link.expiresAt).toBe(new Date(clock.now() + 24 * hour).toISOString());
    const stored = await suite.db.all(suite.db.qb.selectFrom('staff_setup_tokens').select('token_hash').where('company_id', '=', studio.companyId));
    expect(stored).toEqual([{ token_hash: hashSecret(link.token) }]);
    clock.advance(60_000);

    const account = await owner(link.token, ' Owner@Alder.Example ');
    expect(account).toMatchObject({ company_id: studio.companyId, email: 'owner@alder.example', role: 'owner', location_ids: null, disabled_at: null });
    await expect(owner(link.token, 'second@alder.example')).rejects.toMatchObject({ code: 'setup_link_invalid' });
    const log = await auditLog(suite.db, studio.companyId);
    expect(log.map((entry) => [entry.action, entry.actor_name, entry.target_account_id])).toEqual([
      ['owner_created', 'owner setup link', account.id],
      ['setup_link_minted', 'studio CLI', null],
    ]);
  });

  it('refuses a link after it expires, and an unknown one, alike', async () => {
    const studio = await twoLocationStudio(suite.db);
    const link = await mintSetupLink(suite.db, settings, studio.companyId);
    clock.advance(24 * hour);
    await expect(owner(link.token)).rejects.toMatchObject({ code: 'setup_link_invalid' });
    await expect(owner('x'.repeat(43))).rejects.toMatchObject({ code: 'setup_link_invalid' });
  });

  it('keeps the link when the password breaks the rule, saying the rule', async () => {
    const studio = await twoLocationStudio(suite.db);
    const link = await mintSetupLink(suite.db, settings, studio.companyId);
    await expect(createOwnerFromLink(suite.db, settings, { token: link.token, email: 'o@alder.example', displayName: 'O', password: 'hunter2' })).rejects.toMatchObject({
      code: 'password_too_weak',
      param: 'password',
      message: expect.stringContaining('at least 10 characters'),
    });
    await expect(owner(link.token, 'o@alder.example')).resolves.toMatchObject({ role: 'owner' });
  });
});
