import { PasswordInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/**
 * The staff member's password, asked again before a change an attacker at an unlocked desk must not
 * make (a key, a webhook endpoint or its secret): one field, worded the same in every dialog.
 */
export function PasswordAgain({ value, onChange, error, autoFocus = false }: { value: string; onChange: (value: string) => void; error?: string | undefined; autoFocus?: boolean }) {
  const { t } = useTranslation();
  return (
    <PasswordInput
      label={t('password_again.label')}
      description={t('password_again.description')}
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      data-autofocus={autoFocus || undefined}
    />
  );
}
