import { useMutation, useQueryClient } from '@tanstack/react-query';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';
import { webDevelopersContracts } from '@studio/shared/contracts/web-developers';
import { webTestDataContracts } from '@studio/shared/contracts/web-test-data';
import { call, contractKey, invalidateContracts, type BodyOf, type ResultOf } from './call.ts';

export type TestDataDeleted = ResultOf<'webDeleteTestData'>;

/**
 * "Delete all test data" (owners, test mode of Settings -> Developers). Test keys and endpoints
 * stay, but their lists and delivery logs are read afresh: deliveries went with the test data.
 */
export function useDeleteTestData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'webDeleteTestData'>) => call(webTestDataContracts.webDeleteTestData, { body }),
    onSuccess: async () => {
      const test = { query: { environment: 'test' as const } };
      for (const queryKey of [contractKey(webDeskContracts.webListKeys, test), contractKey(webDevelopersContracts.webListWebhookEndpoints, test)]) await client.invalidateQueries({ queryKey });
      await invalidateContracts(client, [webDevelopersContracts.webListWebhookDeliveries]);
    },
  });
}
