import { Button, Group, List, Stack, Text, TextInput } from '@mantine/core';
import { Trans, useTranslation } from 'react-i18next';
import { useState } from 'react';
import { useDeleteTestData, type TestDataDeleted } from '../../api/test-data.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { PasswordAgain } from '../../components/PasswordAgain.tsx';

/**
 * Deleting all test data cannot be undone, so it says what goes and what stays, and asks for the
 * company's name typed (as revoking a key asks for its name) and the password again; then it shows
 * what was deleted.
 */
export function DeleteTestDataDialog({ companyName, onClose }: { companyName: string; onClose: () => void }) {
  const { t } = useTranslation('developers');
  const [typed, setTyped] = useState('');
  const [password, setPassword] = useState('');
  const remove = useDeleteTestData();
  const matches = typed.trim() === companyName;
  function submit(event: React.FormEvent) {
    event.preventDefault();
    if (matches && password.length > 0) remove.mutate({ confirm: typed.trim(), password });
  }
  return (
    <Dialog opened onClose={onClose} title={t('test_data.delete')} size="lg">
      {remove.data ? (
        <Deleted result={remove.data} onClose={onClose} />
      ) : (
        <form onSubmit={submit} noValidate>
          <Stack>
            <Text>{t('test_data.goes')}</Text>
            <Text>
              <Trans t={t} i18nKey="test_data.stays" components={{ strong: <strong /> }} />
            </Text>
            <ErrorAlert error={remove.error} />
            <TextInput
              label={t('test_data.company_name')}
              description={t('type_to_confirm', { name: companyName })}
              value={typed}
              onChange={(e) => setTyped(e.currentTarget.value)}
              autoComplete="off"
              data-autofocus
            />
            <PasswordAgain value={password} onChange={setPassword} />
            <Group justify="flex-end">
              <Button variant="default" onClick={onClose}>
                {t('cancel')}
              </Button>
              <Button type="submit" color="red.9" disabled={!matches || password.length === 0} loading={remove.isPending}>
                {t('test_data.delete')}
              </Button>
            </Group>
          </Stack>
        </form>
      )}
    </Dialog>
  );
}

function Deleted({ result, onClose }: { result: TestDataDeleted; onClose: () => void }) {
  const { t } = useTranslation('developers');
  return (
    <Stack>
      <Text role="status" fw={600}>
        {result.removed_in_words.length > 0 ? t('test_data.deleted') : t('test_data.nothing')}
      </Text>
      {result.removed_in_words.length > 0 ? (
        // Two columns: the demo alone is some twenty lines, which one column would scroll at 1024 x 768.
        <List aria-label={t('test_data.deleted_list')} spacing={2} style={{ columns: 2 }}>
          {result.removed_in_words.map((line) => (
            <List.Item key={line}>{line}</List.Item>
          ))}
        </List>
      ) : null}
      <Text>{t('test_data.kept', { keys: result.kept.api_keys, endpoints: result.kept.webhook_endpoints })}</Text>
      <Group justify="flex-end">
        <Button onClick={onClose} data-autofocus>
          {t('done')}
        </Button>
      </Group>
    </Stack>
  );
}
