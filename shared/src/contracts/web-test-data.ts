import { defineContract } from './contract.js';
import { TestDataDeleteRequest, TestDataDeleted } from '../schemas/web-test-data.js';

export const webTestDataContracts = {
  webDeleteTestData: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/developers/test_data/delete',
    operationId: 'webDeleteTestData',
    summary: "Delete all test data (password again, the company's name typed); test keys and test webhook endpoints stay",
    tag: 'Web developers',
    scopes: [],
    roles: ['owner'],
    body: TestDataDeleteRequest,
    responses: { 200: { description: 'What was deleted, and what was kept', schema: TestDataDeleted } },
    errors: ['role_not_allowed', 'invalid_credentials', 'rate_limited', 'invalid_param'],
  }),
};
