import { Button, PasswordInput, Stack, Text, TextInput } from '@mantine/core';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { SignInRequest } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useNavigate, useSearchParams } from 'react-router';
import { call, useContractQuery, type BodyOf } from '../api/call.ts';
import { fetchSession, sessionKey, useSession } from '../api/session.ts';
import { CenteredForm } from '../components/CenteredForm.tsx';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { fieldErrors } from '../format/form-errors.ts';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';

/** The studio's name and whether it has an owner yet: a signed-out read; the form works without it. */
function useSignInPage(company: string | null) {
  return useContractQuery(webAuthContracts.webSignInPage, { query: company ? { company_id: company } : {} }, { retry: false, staleTime: Infinity });
}

export function SignInPage() {
  const { t } = useTranslation('accounts');
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const client = useQueryClient();
  const { data: session } = useSession();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const company = params.get('company');
  const page = useSignInPage(company);

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
    const parsed = SignInRequest.safeParse({ email: email.trim(), password, ...(company ? { company_id: company } : {}) });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    signIn.mutate(parsed.data);
  }

  const studio = page.data?.studio_name;
  return (
    <CenteredForm title={t('sign_in.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {studio ? <Text fw={600}>{t('sign_in.studio', { studio })}</Text> : null}
          {page.data?.needs_owner ? <Text size="sm">{t('sign_in.first_run')}</Text> : null}
          <ErrorAlert error={signIn.error ?? (errors.company_id ? new Error(t('sign_in.bad_company')) : null)} />
          <TextInput
            label={t('sign_in.email')}
            type="email"
            autoComplete="username"
            withAsterisk={false}
            required
            value={email}
            onChange={(e) => setEmail(e.currentTarget.value)}
            error={errors.email}
          />
          <PasswordInput
            label={t('sign_in.password')}
            autoComplete="current-password"
            withAsterisk={false}
            required
            value={password}
            onChange={(e) => setPassword(e.currentTarget.value)}
            error={errors.password}
          />
          <Button type="submit" loading={signIn.isPending}>
            {t('sign_in.submit')}
          </Button>
          <Text size="sm" c="dimmed">
            {t('sign_in.forgot')}
          </Text>
        </Stack>
      </form>
    </CenteredForm>
  );
}
