/**
 * The one place the one-click unsubscribe URL of a class reminder is made (RFC 8058: the
 * List-Unsubscribe header and the footer's link). It names the message, whose id is random and
 * unguessable; the route that answers it (a POST with `List-Unsubscribe=One-Click` turns the
 * member's reminders off, a GET shows a page with a button) is still to be built, at this path.
 */
export const unsubscribePath = '/m/unsubscribe';

export function unsubscribeUrl(publicUrl: string, messageId: string): string {
  return `${publicUrl.replace(/\/+$/, '')}${unsubscribePath}/${encodeURIComponent(messageId)}`;
}
