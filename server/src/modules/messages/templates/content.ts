import { z } from 'zod';
import type { MessageTemplate } from './names.js';
import { whenText, type Place } from './when.js';
import type { Words } from './words.js';

/** A link in an email: http or https only, never `javascript:` or another scheme. */
const Link = z.url({ protocol: /^https?$/ });
const Moment = z.iso.datetime({ offset: true });
const Service = z.string().min(1).max(200);
const AtClass = z.object({ service: Service, start_at: Moment });

/**
 * The values each template needs in `data` (queueMessage's input): times as ISO instants, worded
 * here in the location's zone and the member's locale. A message whose data does not fit is not
 * sent (sender: a failed attempt, `template_data_invalid`), so a caller's mistake shows to staff.
 */
export const templateData = {
  sign_in_code: z.object({ code: z.string().regex(/^\d{6}$/), link: Link, minutes: z.number().int().positive() }),
  booking_confirmed: AtClass,
  booking_cancelled: AtClass,
  booking_moved: AtClass.extend({ previous_start_at: Moment }),
  waitlist_promoted: AtClass,
  waitlist_offer: AtClass.extend({ deadline_at: Moment, accept_link: Link }),
  class_cancelled: AtClass,
  class_reminder: AtClass,
  pass_invite: z.object({ link: Link }),
} satisfies Record<MessageTemplate, z.ZodType>;

/** A message's words before layout: render.ts makes plain text and HTML of the same parts. */
export interface Content {
  subject: string;
  paragraphs: string[];
  action: { label: string; url: string } | null;
}

type Compose = (data: Record<string, unknown>, t: Words, place: Place) => Content;

const atClass =
  (template: Exclude<MessageTemplate, 'sign_in_code' | 'booking_moved' | 'waitlist_offer' | 'pass_invite'>): Compose =>
  (data, t, place) => {
    const { service, start_at } = AtClass.parse(data);
    const values = { service, when: whenText(start_at, place), place: place.name };
    return { subject: t(`${template}.subject`, values), paragraphs: [t(`${template}.lead`, values)], action: null };
  };

const composers: Record<MessageTemplate, Compose> = {
  sign_in_code: (data, t, place) => {
    const { code, link, minutes } = templateData.sign_in_code.parse(data);
    return {
      subject: t('sign_in_code.subject', { place: place.name }),
      paragraphs: [t('sign_in_code.lead', { code, minutes }), t('sign_in_code.ignore')],
      action: { label: t('sign_in_code.action'), url: link },
    };
  },
  booking_confirmed: atClass('booking_confirmed'),
  booking_cancelled: atClass('booking_cancelled'),
  booking_moved: (data, t, place) => {
    const { service, start_at, previous_start_at } = templateData.booking_moved.parse(data);
    const values = { service, when: whenText(start_at, place), previous: whenText(previous_start_at, place) };
    return { subject: t('booking_moved.subject', values), paragraphs: [t('booking_moved.lead', values)], action: null };
  },
  waitlist_promoted: atClass('waitlist_promoted'),
  waitlist_offer: (data, t, place) => {
    const { service, start_at, deadline_at, accept_link } = templateData.waitlist_offer.parse(data);
    const values = { service, when: whenText(start_at, place), deadline: whenText(deadline_at, place) };
    return { subject: t('waitlist_offer.subject', values), paragraphs: [t('waitlist_offer.lead', values)], action: { label: t('waitlist_offer.action'), url: accept_link } };
  },
  class_cancelled: atClass('class_cancelled'),
  class_reminder: atClass('class_reminder'),
  pass_invite: (data, t, place) => {
    const { link } = templateData.pass_invite.parse(data);
    return { subject: t('pass_invite.subject', { place: place.name }), paragraphs: [t('pass_invite.lead'), t('pass_invite.offline')], action: { label: t('pass_invite.action'), url: link } };
  },
};

/** The template's words for `data`; throws a ZodError when the data does not fit the template. */
export function composeContent(template: MessageTemplate, data: Record<string, unknown>, t: Words, place: Place): Content {
  return composers[template](data, t, place);
}
