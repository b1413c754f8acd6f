import type { Language } from '@studio/shared/i18n';
import escapeHtml from 'escape-html';
import type { FastifyInstance, FastifyReply } from 'fastify';
import type { Clock } from '../../clock/time.js';
import type { Db } from '../../db/types.js';
import { wordsFor } from '../../modules/messages/templates/words.js';
import { unsubscribePath } from '../../modules/messages/unsubscribe-link.js';
import { unsubscribeTarget, unsubscribeWithToken } from '../../modules/messages/unsubscribe.js';

/** The one body RFC 8058 sends, form-encoded (`List-Unsubscribe=One-Click`) or as a multipart field of that name and value. */
export function isOneClickBody(body: unknown): boolean {
  if (typeof body !== 'string') return false;
  if (new URLSearchParams(body.trim()).get('List-Unsubscribe') === 'One-Click') return true;
  return /content-disposition:\s*form-data;\s*name="?List-Unsubscribe"?\s*\r?\n\r?\nOne-Click\r?\n/i.test(body);
}

function page(reply: FastifyReply, status: number, language: Language, title: string, paragraph: string, button: string | null) {
  const e = (text: string) => escapeHtml(text);
  const form = button
    ? `<form method="post"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit" style="font:inherit;padding:10px 18px;border:0;border-radius:6px;background:#1f5f8b;color:#fff">${e(button)}</button></form>`
    : '';
  const html = `<!doctype html>
<html lang="${e(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${e(title)}</title></head>
<body style="margin:0;padding:24px;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#222;background:#f4f4f4">
<main style="max-width:560px;margin:0 auto;background:#fff;padding:24px;border-radius:8px"><h1 style="font-size:22px;margin:0 0 16px">${e(title)}</h1><p>${e(paragraph)}</p>${form}</main>
</body></html>
`;
  return reply.code(status).header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(html);
}

/**
 * The one-click unsubscribe of class reminders (RFC 8058) at /m/unsubscribe/<token>: the token,
 * signed for one member (unsubscribe-link.ts), is what authorizes it, so no session or CSRF token is
 * asked. A POST with `List-Unsubscribe=One-Click` (a mail client's button, or this page's) turns
 * the member's reminders off and answers 200, never a redirect; a GET only shows the page with the
 * button, since link checkers and previews open links. The words are the emails' own catalogs.
 */
export function registerUnsubscribePage(app: FastifyInstance, db: Db, clock: Clock): void {
  void app.register(async (scope) => {
    scope.addContentTypeParser(['application/x-www-form-urlencoded', 'multipart/form-data', 'text/plain'], { parseAs: 'string', bodyLimit: 4096 }, (_request, body, done) => done(null, body));
    const invalid = (reply: FastifyReply) => {
      const t = wordsFor('en');
      return page(reply, 404, 'en', t('footer.unsubscribe.label'), t('unsubscribe.invalid'), null);
    };
    scope.get<{ Params: { token: string } }>(`${unsubscribePath}/:token`, async (request, reply) => {
      const target = await unsubscribeTarget(db, request.params.token);
      if (!target) return invalid(reply);
      const t = wordsFor(target.language);
      return page(reply, 200, target.language, t('unsubscribe.title', { place: target.place }), t('unsubscribe.question', { place: target.place }), t('unsubscribe.button'));
    });
    scope.post<{ Params: { token: string } }>(`${unsubscribePath}/:token`, async (request, reply) => {
      if (!isOneClickBody(request.body)) {
        const target = await unsubscribeTarget(db, request.params.token);
        if (!target) return invalid(reply);
        const t = wordsFor(target.language);
        return page(reply, 400, target.language, t('unsubscribe.title', { place: target.place }), t('unsubscribe.question', { place: target.place }), t('unsubscribe.button'));
      }
      const target = await unsubscribeWithToken(db, request.params.token, clock);
      if (!target) return invalid(reply);
      request.log.info({ event: 'messages.unsubscribed', contact_id: target.contactId }, 'class reminders turned off with the one-click link');
      const t = wordsFor(target.language);
      return page(reply, 200, target.language, t('unsubscribe.title', { place: target.place }), t('unsubscribe.done', { place: target.place }), null);
    });
  });
}
