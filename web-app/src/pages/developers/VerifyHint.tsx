import { Code, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { DevelopersT } from './words.ts';

/**
 * How a receiver checks a delivery: each one is signed per the Standard Webhooks specification
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`), so any of its libraries verifies it
 * with the `whsec_` secret; the sample uses the JavaScript one.
 */
const sample = (t: DevelopersT) =>
  [
    "import { Webhook } from 'standardwebhooks';",
    '',
    'const webhook = new Webhook(process.env.STUDIO_WEBHOOK_SECRET); // whsec_…',
    `// ${t('verify.comment_raw_body')}`,
    `// ${t('verify.comment_throws')}`,
    'const event = webhook.verify(rawBody, request.headers);',
    `// ${t('verify.comment_retries')}`,
  ].join('\n');

export function VerifyHint() {
  const { t } = useTranslation('developers');
  return (
    <Stack gap="xs">
      <Text size="sm">{t('verify.body')}</Text>
      <Text size="sm" fw={600}>
        {t('verify.example')}
      </Text>
      <Code block>{sample(t)}</Code>
    </Stack>
  );
}
