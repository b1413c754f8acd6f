import { z } from 'zod';
import { Id } from './common.js';
import { languages, type Language } from '../i18n/languages.js';

export const Location = z
  .object({
    id: Id,
    name: z.string(),
    slug: z.string(),
    timezone: z.string().describe('IANA time zone, e.g. America/New_York'),
    address: z.string().nullable(),
  })
  .meta({ id: 'Location' });
export type Location = z.infer<typeof Location>;

/** The languages a location speaks (its kiosk, and its staff unless they choose their own): every app has a full catalog in each. */
export const brandingLanguages = languages;
export type BrandingLanguage = Language;

/**
 * How a location's kiosk looks and speaks (an extension to the specification): the logo as a data
 * URL (PNG, JPEG or WebP) or null, the accent colour as #RRGGBB, and the kiosk's language.
 */
export const LocationBranding = z
  .object({
    logo: z
      .string()
      .regex(/^data:image\/(png|jpeg|webp);base64,/)
      .nullable()
      .describe('The logo as a data URL (PNG, JPEG or WebP), or null'),
    accent_colour: z
      .string()
      .regex(/^#[0-9a-fA-F]{6}$/)
      .describe('The accent colour as #RRGGBB'),
    language: z.enum(brandingLanguages).describe("The location's language: its kiosk's, and its staff's unless they choose their own"),
  })
  .meta({ id: 'LocationBranding' });
export type LocationBranding = z.infer<typeof LocationBranding>;

/** A location that never set its branding: no logo, the house blue, English. */
export const defaultBranding: LocationBranding = { logo: null, accent_colour: '#1c7ed6', language: 'en' };
