import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TestDataDeleted, TestDataDeleteRequest } from '@studio/shared/schemas/web-test-data';
import { http } from './http.ts';

export type { TestDataDeleted };

/**
 * "Delete all test data" (owners, test mode of Settings -> Developers). Test keys and endpoints
 * stay, but their lists and delivery logs are read afresh: deliveries went with the test data.
 */
export function useDeleteTestData() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (body: TestDataDeleteRequest) => http.request<TestDataDeleted>('/developers/test_data/delete', { method: 'POST', body }),
    onSuccess: async () => {
      for (const queryKey of [['keys', 'test'], ['webhook-endpoints', 'test'], ['webhook-deliveries']]) await client.invalidateQueries({ queryKey });
    },
  });
}
