import { Button, Stack, Text, TextInput } from '@mantine/core';
import { OwnerSetupRequest } from '@studio/shared/web-app';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type BodyOf } from '../api/call.ts';
import { useLinkSecret, useLinkSignIn } from '../api/link-sign-in.ts';
import { CenteredForm } from '../components/CenteredForm.tsx';
import { ErrorAlert } from '../components/ErrorAlert.tsx';
import { NewPasswordInput } from '../components/NewPasswordInput.tsx';
import { fieldErrors } from '../format/form-errors.ts';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';

/** The first owner, from the one-time setup link: the token is in the URL fragment, which never reaches a server log. */
export function SetupPage() {
  const { t } = useTranslation('setup');
  const token = useLinkSecret();
  const [values, setValues] = useState({ email: '', display_name: '', password: '' });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const setup = useLinkSignIn((body: BodyOf<'webOwnerSetup'>) => call(webAuthContracts.webOwnerSetup, { body }));

  function submit(event: React.FormEvent) {
    event.preventDefault();
    const parsed = OwnerSetupRequest.safeParse({ token, email: values.email.trim(), display_name: values.display_name, password: values.password });
    if (!parsed.success) {
      setErrors(fieldErrors(parsed.error));
      return;
    }
    setErrors({});
    setup.mutate(parsed.data);
  }

  const set = (field: keyof typeof values) => (event: React.ChangeEvent<HTMLInputElement>) => setValues({ ...values, [field]: event.currentTarget.value });
  return (
    <CenteredForm title={t('owner.title')}>
      <form onSubmit={submit} noValidate>
        <Stack>
          {token ? null : <ErrorAlert error={new Error(t('owner.link_incomplete'))} />}
          <ErrorAlert error={setup.error} />
          <Text size="sm">{t('owner.intro')}</Text>
          <TextInput label={t('owner.email')} type="email" autoComplete="username" withAsterisk={false} required value={values.email} onChange={set('email')} error={errors.email} />
          <TextInput label={t('owner.name')} autoComplete="name" withAsterisk={false} required value={values.display_name} onChange={set('display_name')} error={errors.display_name} />
          <NewPasswordInput
            label={t('owner.password')}
            value={values.password}
            onChange={(password) => setValues({ ...values, password })}
            words={[values.email, values.display_name]}
            error={errors.password}
          />
          <Button type="submit" loading={setup.isPending} disabled={!token}>
            {t('owner.submit')}
          </Button>
        </Stack>
      </form>
    </CenteredForm>
  );
}
