import './app.css';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { App } from './App.tsx';
import { startTranslations } from './i18n/translations.ts';

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const translations = await startTranslations();
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={translations}>
      <App />
    </I18nextProvider>
  </StrictMode>,
);
