import { Button, PasswordInput, Stack, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SignInRequest } from '@studio/shared/web-app';
import { useState } from 'react';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { call, type BodyOf } from '../api/call.ts';
import { fetchSession, sessionKey, useSession } from '../api/session.ts';
import { CenteredForm } from '../components/CenteredForm.tsx';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { fieldErrors } from '../format/form-errors.ts';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';

export function SignInPage() {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data: session } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const signIn = useMutation({
    mutationFn: (body: BodyOf<'webSignIn'>) => call(webAuthContracts.webSignIn, { body }),
    onSuccess: async () => {
      // A new session (and CSRF token) after sign-in: read it before showing any page.
      client.setQueryData(sessionKey, await fetchSession());
      // Always Today after signing in: on a shared desk PC, the page the last person had open is not the next person's.
      void navigate('/', { replace: true });
    },
  });

  if (session) return <Navigate to="/" replace />;

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const company = params.get('company');
    const parsed = SignInRequest.safeParse({ email: email.trim(), password, ...(company ? { company_id: company } : {}) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    signIn.mutate(parsed.data);
  }

  return (
    <CenteredForm title="Sign in">
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={signIn.error ?? (errors.company_id ? new Error('The sign-in link names no valid business. Use the link the owner gave you.') : null)} />
          <TextInput label="Email" type="email" autoComplete="username" withAsterisk={false} required value={email} onChange={(e) => setEmail(e.currentTarget.value)} error={errors.email} />
          <PasswordInput label="Password" autoComplete="current-password" withAsterisk={false} required value={password} onChange={(e) => setPassword(e.currentTarget.value)} error={errors.password} />
          <Button type="submit" loading={signIn.isPending}>
            Sign in
          </Button>
        </Stack>
      </form>
    </CenteredForm>
  );
}
