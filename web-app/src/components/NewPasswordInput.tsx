import { PasswordInput, Text } from '@mantine/core';
import { passwordRule } from '@studio/shared/web-app';
import { useTranslation } from 'react-i18next';
import { usePasswordVerdict } from '../passwords/strength.ts';

// Dark enough to read on white and on the page's grey (WCAG AA, as the status chips).
const verdictColour = { too_short: 'red.9', too_long: 'red.9', too_weak: 'red.9', strong: '#14532d' } as const;

/**
 * A password being chosen, with the server's verdict while it is typed (at least 10 characters and
 * hard to guess), so a refusal is no surprise. `words` are the person's own (email, name, studio).
 */
export function NewPasswordInput({
  value,
  onChange,
  words,
  error,
  label,
}: {
  value: string;
  onChange: (value: string) => void;
  words?: readonly (string | null | undefined)[];
  error?: string | undefined;
  label?: string;
}) {
  const { t } = useTranslation('accounts');
  const verdict = usePasswordVerdict(value, words);
  return (
    <div>
      <PasswordInput
        label={label ?? t('new_password.label')}
        description={t('new_password.rule', { min: passwordRule.minLength })}
        autoComplete="new-password"
        withAsterisk={false}
        required
        value={value}
        onChange={(event) => onChange(event.currentTarget.value)}
        error={error}
      />
      {verdict ? (
        <Text size="sm" c={verdictColour[verdict]} mt={4} aria-live="polite" data-verdict={verdict}>
          {t(`verdict.${verdict}`, { min: passwordRule.minLength, max: passwordRule.maxLength })}
        </Text>
      ) : null}
    </div>
  );
}
