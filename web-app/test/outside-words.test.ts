import { createTranslator } from '@studio/shared/i18n';
import { initReactI18next } from 'react-i18next';
import { afterAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createHttpClient } from '../src/api/http.ts';
import { fieldErrors } from '../src/format/form-errors.ts';
import german from '../src/i18n/catalogs/de/common.json';
import { english, namespaces } from '../src/i18n/english.ts';

/** Code outside components (form checks, the fetch wrapper) speaks the app's current language, English before it starts. */
describe('words said outside components', () => {
  const form = z.object({ email: z.email(), name: z.string().min(1) });
  const down = createHttpClient(() => Promise.reject(new TypeError('Failed to fetch')));
  // The translator is global, and this project's files share a module graph: leave English behind.
  afterAll(() => void createTranslator({ language: 'en', resources: { en: english }, namespaces, defaultNamespace: 'common', plugins: [initReactI18next] }));

  it('are English before the app has started its translator', async () => {
    expect(fieldErrors(form.safeParse({ email: 'x', name: '' }).error!)).toEqual({ email: 'Enter an email address such as name@example.com.', name: 'This field is required.' });
    await expect(down.request('/x')).rejects.toMatchObject({ message: expect.stringMatching(/^The server cannot be reached/) });
  });

  it("follow the app's language once it runs in German", async () => {
    createTranslator({ language: 'de', resources: { en: english, de: { common: german } }, namespaces, defaultNamespace: 'common', plugins: [initReactI18next] });
    expect(fieldErrors(form.safeParse({ email: 'x', name: '' }).error!)).toEqual({ email: 'Geben Sie eine E-Mail-Adresse ein, z. B. name@example.com.', name: 'Dieses Feld ist erforderlich.' });
    await expect(down.request('/x')).rejects.toMatchObject({ message: expect.stringMatching(/^Der Server ist nicht erreichbar/) });
  });
});
