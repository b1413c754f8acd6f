import type { Language } from '@studio/shared/i18n';
import escapeHtml from 'escape-html';
import type { MessageTemplate } from './names.js';
import { composeContent, type Content } from './content.js';
import type { Place } from './when.js';
import { wordsFor, type Words } from './words.js';

export interface RenderInput {
  template: MessageTemplate;
  language: Language;
  data: Record<string, unknown>;
  place: Place;
  /** The member's first name for the greeting; null: a greeting without a name. */
  firstName: string | null;
  /** The one-click unsubscribe URL (unsubscribe-link.ts), for the templates that carry one. */
  unsubscribeUrl: string | null;
}

export interface RenderedMessage {
  subject: string;
  text: string;
  html: string;
  /** Extra headers: RFC 8058 List-Unsubscribe on class reminders. */
  headers: Record<string, string>;
}

/** The templates a member may turn off with one click; every other message is transactional. */
export const unsubscribableTemplates: ReadonlySet<MessageTemplate> = new Set(['class_reminder']);

/**
 * A message in the member's language as plain text and HTML from the same words, with the place's
 * name and address in the footer. Every value in the HTML is escaped (escape-html); links are
 * http(s) only (content.ts). Throws a ZodError when `data` does not fit the template.
 */
export function renderMessage(input: RenderInput): RenderedMessage {
  const t = wordsFor(input.language);
  const content = composeContent(input.template, input.data, t, input.place);
  const greeting = input.firstName ? t('greeting.named', { name: input.firstName }) : t('greeting.plain');
  const unsubscribe = unsubscribableTemplates.has(input.template) ? input.unsubscribeUrl : null;
  const headers: Record<string, string> = unsubscribe ? { 'List-Unsubscribe': `<${unsubscribe}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' } : {};
  return {
    subject: content.subject,
    text: plainText(greeting, content, footerLines(t, input.place), unsubscribe ? t('footer.unsubscribe', { link: unsubscribe }) : null),
    html: html(input.language, greeting, content, footerLines(t, input.place), unsubscribe ? { label: t('footer.unsubscribe.label'), url: unsubscribe } : null),
    headers,
  };
}

function footerLines(t: Words, place: Place): string[] {
  return [place.name, ...(place.address ? [place.address] : []), t('footer.why', { place: place.name })];
}

function plainText(greeting: string, content: Content, footer: string[], unsubscribe: string | null): string {
  const action = content.action ? [`${content.action.label}: ${content.action.url}`] : [];
  const body = [greeting, ...content.paragraphs, ...action].join('\n\n');
  return `${body}\n\n-- \n${[...footer, ...(unsubscribe ? [unsubscribe] : [])].join('\n')}\n`;
}

const e = (value: string) => escapeHtml(value);

function html(language: Language, greeting: string, content: Content, footer: string[], unsubscribe: { label: string; url: string } | null): string {
  const paragraph = (text: string) => `<p style="margin:0 0 16px">${e(text)}</p>`;
  const action = content.action
    ? `<p style="margin:24px 0"><a href="${e(content.action.url)}" style="background:#1f5f8b;color:#ffffff;padding:10px 18px;border-radius:6px;text-decoration:none">${e(content.action.label)}</a></p>`
    : '';
  const foot = footer.map((line) => e(line)).join('<br>');
  const stop = unsubscribe ? `<br><a href="${e(unsubscribe.url)}" style="color:#555555">${e(unsubscribe.label)}</a>` : '';
  return [
    '<!doctype html>',
    `<html lang="${e(language)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${e(content.subject)}</title></head>`,
    '<body style="margin:0;padding:24px;background:#f4f4f4;font-family:Arial,Helvetica,sans-serif;font-size:16px;line-height:1.5;color:#222222">',
    '<div style="max-width:560px;margin:0 auto;background:#ffffff;padding:24px;border-radius:8px">',
    paragraph(greeting),
    ...content.paragraphs.map(paragraph),
    action,
    `<p style="margin:32px 0 0;font-size:13px;color:#555555">${foot}${stop}</p>`,
    '</div></body></html>',
  ].join('\n');
}
