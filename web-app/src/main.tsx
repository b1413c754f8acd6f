import '@mantine/core/styles.css';
import './app.css';
import { MantineProvider } from '@mantine/core';
import { MutationCache, QueryCache, QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { ApiRequestError } from './api/http.ts';
import { signedOut } from './api/session.ts';
import { startTranslations } from './i18n/translations.ts';
import { router } from './router.tsx';
import { theme } from './theme.ts';

/** A 401 ends the session, but for a password typed again wrongly in a dialog: the dialog says so, and the session stays. */
function endedSession(error: unknown): void {
  if (error instanceof ApiRequestError && error.status === 401 && error.code !== 'invalid_credentials') signedOut(queryClient);
}

const queryClient: QueryClient = new QueryClient({
  queryCache: new QueryCache({ onError: endedSession }),
  mutationCache: new MutationCache({ onError: endedSession }),
  defaultOptions: {
    queries: {
      // The desk needs answers fast; a failed read is retried once, a 4xx never.
      retry: (count, error) => count < 1 && !(error instanceof ApiRequestError && error.status >= 400 && error.status < 500),
      refetchOnWindowFocus: true,
      staleTime: 10_000,
    },
    mutations: { retry: false },
  },
});

const root = document.getElementById('root');
if (!root) throw new Error('index.html has no #root');
const translations = await startTranslations();
createRoot(root).render(
  <StrictMode>
    <I18nextProvider i18n={translations}>
      <MantineProvider theme={theme} defaultColorScheme="light">
        <QueryClientProvider client={queryClient}>
          <RouterProvider router={router} />
        </QueryClientProvider>
      </MantineProvider>
    </I18nextProvider>
  </StrictMode>,
);
