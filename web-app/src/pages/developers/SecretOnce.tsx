import { Button, Checkbox, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useState, type ReactNode } from 'react';

/**
 * A secret as the server answered it, the one time it is shown: read-only, selectable, with Copy,
 * and "Done" only once the person says it is stored. The dialog holding it offers no other way
 * out (no close button, Escape or click outside), since closing it is the last chance to copy it.
 */
export function SecretOnce({ label, secret, notice, children, onDone }: { label: string; secret: string; notice: string; children?: ReactNode; onDone: () => void }) {
  const { t } = useTranslation('developers');
  const [stored, setStored] = useState(false);
  return (
    <Stack>
      <Text fw={600}>{notice}</Text>
      <Group align="flex-end">
        <TextInput label={label} readOnly value={secret} styles={{ input: { fontFamily: 'monospace' } }} style={{ flex: 1 }} onFocus={(e) => e.currentTarget.select()} />
        <CopyButton value={secret}>
          {({ copied, copy }) => (
            <Button variant="default" onClick={copy}>
              {copied ? t('secret.copied') : t('secret.copy')}
            </Button>
          )}
        </CopyButton>
      </Group>
      {children}
      <Checkbox label={t('secret.stored')} checked={stored} onChange={(e) => setStored(e.currentTarget.checked)} />
      <Group justify="flex-end">
        <Button disabled={!stored} onClick={onDone}>
          {t('done')}
        </Button>
      </Group>
    </Stack>
  );
}
