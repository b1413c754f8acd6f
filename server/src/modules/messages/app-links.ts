/**
 * Links into the members' app that an email carries, made when it is sent from the server's
 * address (PUBLIC_URL), as the unsubscribe link is (unsubscribe-link.ts): a change queues what it
 * knows (a waitlist entry's id), not the address the server is reached at.
 */
export const offerPath = '/m/offers';

/** The members' app's screen of one waitlist offer, where the member accepts or declines it. */
export function offerUrl(publicUrl: string, waitlistId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${offerPath}/${encodeURIComponent(waitlistId)}`;
}

/** The template's data with the app links it needs filled in: a waitlist offer's `accept_link` from its `waitlist_id`. */
export function withAppLinks(template: string, data: Record<string, unknown>, publicUrl: string): Record<string, unknown> {
  if (template === 'waitlist_offer' && typeof data.waitlist_id === 'string' && data.accept_link === undefined) return { ...data, accept_link: offerUrl(publicUrl, data.waitlist_id) };
  return data;
}
