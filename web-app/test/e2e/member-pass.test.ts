import { useOwnerAtNorth } from '@studio/testkit/web/owner-at-north';
import { describe, expect, it } from 'vitest';

/**
 * The phone pass on a member's page (docs/phone-pass.md): whether the member opened it, the email
 * with the way to it, and revoking it behind a confirm step. Real `studio serve`, Debian's Chromium.
 */
const world = useOwnerAtNorth();

describe("a member's phone pass on their page", () => {
  it('says the member has not opened it, emails the way to it, and revokes it after a confirm', async () => {
    const page = world.desk.page;
    await world.desk.goto(`/app/members/${world.stack.seed.contacts.nora}`);
    const section = page.getByRole('region', { name: 'Phone pass' });
    await section.getByText("Not opened in the members' app yet.").waitFor();
    await section.getByRole('button', { name: 'Email the way to the pass' }).click();
    await section.getByText('Email queued: it tells the member to open the Pass screen of the app.').waitFor();
    await section.getByRole('button', { name: 'Revoke pass' }).click();
    await section.getByRole('button', { name: 'Revoke and sign out of the app' }).click();
    await section.getByText('Pass revoked. The member signs in again for a new one.').waitFor();
    await section.getByText(/^Revoked on /).waitFor();
    await world.desk.check('member-pass');
    expect(await section.getByRole('button', { name: 'Revoke pass' }).isVisible()).toBe(true);
  });
});
