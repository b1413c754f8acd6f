import { Button, CopyButton, Group, Stack, Text, TextInput } from '@mantine/core';
import type { PasswordLink } from '@studio/shared/web-app';
import { useTranslation } from 'react-i18next';
import { Dialog } from '../../components/Dialog.tsx';
import { formatLocalDateTime } from '../../format/time.ts';

export interface ShownLink {
  name: string;
  purpose: 'invitation' | 'reset';
  link: PasswordLink;
}

/**
 * An invitation or reset link, the one time it is shown, to hand over to its person: read-only,
 * selectable, with Copy. The server answers it below its own address; the page adds the address
 * the browser reached it at, which is the one the person's browser will reach too.
 */
export function PasswordLinkDialog({ shown, zone, onClose }: { shown: ShownLink; zone: string; onClose: () => void }) {
  const { t } = useTranslation('accounts');
  const url = `${window.location.origin}${shown.link.url}`;
  const words = { name: shown.name, expires: formatLocalDateTime(shown.link.expires_at, zone) };
  return (
    <Dialog opened onClose={onClose} title={t('staff.link_title', { name: shown.name })} size="lg">
      <Stack>
        <Text>{shown.purpose === 'invitation' ? t('staff.invitation_intro', words) : t('staff.reset_intro', words)}</Text>
        <Group align="flex-end">
          <TextInput label={t('staff.link_label')} readOnly value={url} styles={{ input: { fontFamily: 'monospace' } }} style={{ flex: 1 }} onFocus={(event) => event.currentTarget.select()} />
          <CopyButton value={url}>
            {({ copied, copy }) => (
              <Button variant="default" onClick={copy}>
                {copied ? t('staff.copied') : t('staff.copy')}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group justify="flex-end">
          <Button onClick={onClose}>{t('staff.done')}</Button>
        </Group>
      </Stack>
    </Dialog>
  );
}
