import { NativeSelect } from '@mantine/core';
import { useQueryClient } from '@tanstack/react-query';
import { webAuthContracts } from '@studio/shared/contracts/web-auth';
import { isLanguage, languageNames, languages } from '@studio/shared/i18n';
import type { SessionLocation, StaffSessionView } from '@studio/shared/web-app';
import { useTranslation } from 'react-i18next';
import { useContractMutation } from '../api/call.ts';
import { sessionKey } from '../api/session.ts';
import { ErrorAlert } from './ErrorAlert.tsx';

const followLocation = 'location';

/**
 * The signed-in person's own language, or the location's (the default). Each language is named in
 * its own words, so someone who cannot read the current one still finds theirs.
 */
export function LanguagePicker({ session, location }: { session: StaffSessionView; location: SessionLocation }) {
  const { t } = useTranslation();
  const client = useQueryClient();
  const change = useContractMutation(webAuthContracts.webSetOwnLanguage, { onSuccess: () => client.invalidateQueries({ queryKey: sessionKey }) });
  return (
    <>
      <NativeSelect
        label={t('language')}
        w={280}
        value={session.account.language ?? followLocation}
        disabled={change.isPending}
        onChange={(event) => {
          const value = event.currentTarget.value;
          change.mutate({ body: { language: isLanguage(value) ? value : null } });
        }}
        data={[
          { value: followLocation, label: t('language_of_location', { language: languageNames[location.language] }) },
          ...languages.map((language) => ({ value: language, label: languageNames[language] })),
        ]}
      />
      <ErrorAlert error={change.error} />
    </>
  );
}
