import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { memberApi } from './api/member-api.ts';
import { App, linkSecret } from './App.tsx';
import { startTranslations } from './i18n/translations.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
// Who is signed in is asked while the translations start, not after: the first screen waits for both.
const firstMember = linkSecret() ? null : memberApi.me();
firstMember?.catch(() => undefined);
const translations = await startTranslations();
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={translations}>
      <App firstMember={firstMember} />
    </I18nextProvider>
  </StrictMode>,
);
