import { describe, expect, it } from 'vitest';
import { offerUrl, withAppLinks } from '../../src/modules/messages/app-links.js';
import { renderMessage } from '../../src/modules/messages/templates/render.js';

describe("a waitlist offer's accept link", () => {
  const data = { service: 'Spin', start_at: '2026-06-01T17:00:00.000Z', deadline_at: '2026-06-01T10:00:00.000Z', waitlist_id: '6f1c2a4e-8d3b-4c5a-9e7f-0a1b2c3d4e5f' };
  const place = { name: 'North', address: null, timezone: 'Europe/London', locale: 'en-GB' };

  it("is made at sending from the server's address and the entry, into the members' app's offer screen", () => {
    expect(offerUrl('https://studio.example/', data.waitlist_id)).toBe(`https://studio.example/m/offers/${data.waitlist_id}`);
    const rendered = renderMessage({
      template: 'waitlist_offer',
      language: 'en',
      data: withAppLinks('waitlist_offer', data, 'https://studio.example'),
      place,
      firstName: 'Nora',
      unsubscribeUrl: null,
    });
    expect(rendered.text).toContain(`https://studio.example/m/offers/${data.waitlist_id}`);
    expect(rendered.text).toContain('11:00');
    expect(rendered.html).toContain(`href="https://studio.example/m/offers/${data.waitlist_id}"`);
  });

  it('keeps a link given outright, and leaves other templates alone', () => {
    expect(withAppLinks('waitlist_offer', { ...data, accept_link: 'https://elsewhere.example/x' }, 'https://studio.example').accept_link).toBe('https://elsewhere.example/x');
    expect(withAppLinks('booking_confirmed', data, 'https://studio.example')).toBe(data);
  });
});
