import { languages, messageArguments } from '@studio/shared/i18n';
import { describe, expect, it } from 'vitest';
import { messageTemplates, type MessageTemplate } from '../../src/modules/messages/templates/names.js';
import { renderMessage } from '../../src/modules/messages/templates/render.js';
import { catalogs } from '../../src/modules/messages/templates/words.js';

const at = { service: 'Yin', start_at: '2026-11-24T17:30:00.000Z' };
const samples: Record<MessageTemplate, Record<string, unknown>> = {
  sign_in_code: { code: '123456', link: 'https://studio.example.com/m/in?t=1', minutes: 1 },
  booking_confirmed: at,
  booking_cancelled: at,
  booking_moved: { ...at, previous_start_at: '2026-11-23T17:30:00.000Z' },
  waitlist_promoted: at,
  waitlist_offer: { ...at, deadline_at: '2026-11-24T12:00:00.000Z', accept_link: 'https://studio.example.com/m/offer/1' },
  class_cancelled: at,
  class_reminder: at,
  pass_invite: { link: 'https://studio.example.com/m/pass?location=north' },
};
const place = { name: 'Alder Yoga', address: 'Calle Mayor 1, Madrid', timezone: 'Europe/Madrid', locale: 'es-ES' };

describe('the templates of members’ emails', () => {
  it('has in Spanish and German exactly the English keys, each filling the same values', () => {
    for (const language of ['es', 'de'] as const) {
      expect(Object.keys(catalogs[language]).sort()).toEqual(Object.keys(catalogs.en).sort());
      for (const [key, english] of Object.entries(catalogs.en)) expect(messageArguments(catalogs[language][key as keyof typeof catalogs.en]), `${language} ${key}`).toEqual(messageArguments(english));
    }
  });

  it('words every template in every language from its own catalog, with a subject, text and HTML', () => {
    for (const template of messageTemplates) {
      const rendered = languages.map((language) =>
        renderMessage({ template, language, data: samples[template], place: { ...place, locale: language }, firstName: 'Ana', unsubscribeUrl: 'https://studio.example.com/m/unsubscribe/1' }),
      );
      expect(new Set(rendered.map((message) => message.subject)).size, template).toBe(languages.length);
      for (const message of rendered) {
        expect(message.text).toContain('Calle Mayor 1, Madrid');
        expect(message.html).toContain('Calle Mayor 1, Madrid');
        expect(message.text).not.toMatch(/\{|\}/);
      }
    }
    expect(renderMessage({ template: 'sign_in_code', language: 'es', data: samples.sign_in_code, place, firstName: null, unsubscribeUrl: null }).text).toContain('Vale durante 1 minuto.');
  });

  it('words a time in the location’s zone, whatever the machine’s', () => {
    const text = (timezone: string) =>
      renderMessage({ template: 'class_reminder', language: 'en', data: at, place: { ...place, timezone, locale: 'en-GB' }, firstName: null, unsubscribeUrl: null }).text;
    expect(text('Europe/Madrid')).toMatch(/Tuesday,? 24 November at 18:30/);
    expect(text('America/New_York')).toMatch(/Tuesday,? 24 November at 12:30/);
  });

  it('refuses data that does not fit: a link that is not http(s), a code that is not six digits', () => {
    const render = (data: Record<string, unknown>) => () => renderMessage({ template: 'sign_in_code', language: 'en', data, place, firstName: null, unsubscribeUrl: null });
    expect(render({ ...samples.sign_in_code, link: 'javascript:alert(1)' })).toThrow();
    expect(render({ ...samples.sign_in_code, code: '12345' })).toThrow();
    expect(render(samples.sign_in_code)).not.toThrow();
  });
});
