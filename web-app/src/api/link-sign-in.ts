import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useNavigate } from 'react-router';
import { fetchSession, sessionKey } from './session.ts';

/** The secret a one-time link (setup, invitation, reset) carries after `#`, which no browser sends to a server. */
export function useLinkSecret(): string {
  const [secret] = useState(() => decodeURIComponent(window.location.hash.replace(/^#/, '')));
  return secret;
}

/**
 * A request that uses a one-time link and signs its holder in: once it succeeds, the secret leaves
 * the address bar and history, the new session is loaded, and Today opens.
 */
export function useLinkSignIn<Body>(send: (body: Body) => Promise<unknown>) {
  const client = useQueryClient();
  const navigate = useNavigate();
  return useMutation({
    mutationFn: send,
    onSuccess: async () => {
      window.history.replaceState(null, '', window.location.pathname);
      client.setQueryData(sessionKey, await fetchSession());
      void navigate('/', { replace: true });
    },
  });
}
