import { Code, Stack, Text } from '@mantine/core';

/**
 * How a receiver checks a delivery: each one is signed per the Standard Webhooks specification
 * (`webhook-id`, `webhook-timestamp`, `webhook-signature`), so any of its libraries verifies it
 * with the `whsec_` secret; the sample uses the JavaScript one.
 */
const sample = `import { Webhook } from 'standardwebhooks';

const webhook = new Webhook(process.env.STUDIO_WEBHOOK_SECRET); // whsec_…
// The raw body exactly as received, before any JSON parsing.
// Throws when the signature or the timestamp does not match.
const event = webhook.verify(rawBody, request.headers);
// event.id is the same on every retry: skip one you have handled.`;

export function VerifyHint() {
  return (
    <Stack gap="xs">
      <Text size="sm">
        Every delivery is signed per the Standard Webhooks specification: verify it with any Standard Webhooks library and this secret, and answer with a 2xx status within a few seconds. Deliveries
        that fail are retried for about three days.
      </Text>
      <Text size="sm" fw={600}>
        Example in Node.js
      </Text>
      <Code block>{sample}</Code>
    </Stack>
  );
}
