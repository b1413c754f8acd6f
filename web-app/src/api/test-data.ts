import { useMutation, useQueryClient } from '@tanstack/react-query';
import { contracts } from '@studio/shared/contracts';
import { call, contractKey, invalidateContracts, type BodyOf, type ResultOf } from './call.ts';

export type TestDataDeleted = ResultOf<'webDeleteTestData'>;

/**
 * "Delete all test data" (owners, test mode of Settings -> Developers). Test keys and endpoints
 * stay, but their lists and delivery logs are read afresh: deliveries went with the test data.
 */
export function useDeleteTestData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: BodyOf<'webDeleteTestData'>) => call(contracts.webDeleteTestData, { body }),
    onSuccess: async () => {
      const test = { query: { environment: 'test' as const } };
      for (const queryKey of [contractKey(contracts.webListKeys, test), contractKey(contracts.webListWebhookEndpoints, test)]) await client.invalidateQueries({ queryKey });
      await invalidateContracts(client, [contracts.webListWebhookDeliveries]);
    },
  });
}
