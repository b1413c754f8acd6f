import { PasswordInput } from '@mantine/core';

/**
 * The staff member's password, asked again before a change an attacker at an unlocked desk must not
 * make (a key, a webhook endpoint or its secret): one field, worded the same in every dialog.
 */
export function PasswordAgain({ value, onChange, error, autoFocus = false }: { value: string; onChange: (value: string) => void; error?: string | undefined; autoFocus?: boolean }) {
  return (
    <PasswordInput
      label="Password"
      description="Your password, to confirm it is you"
      autoComplete="current-password"
      value={value}
      onChange={(e) => onChange(e.currentTarget.value)}
      error={error}
      data-autofocus={autoFocus || undefined}
    />
  );
}
