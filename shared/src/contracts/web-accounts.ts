import { defineContract } from './contract.js';
import { IdParams } from '../schemas/common.js';
import { AuditLog, StaffAccountAccess, StaffAccountCreate, StaffAccountList, StaffAccountView } from '../schemas/web-app.js';

const tag = 'Web app: staff accounts';

export const webAccountsContracts = {
  webListAccounts: defineContract({
    mount: 'web',
    method: 'GET',
    path: '/accounts',
    operationId: 'webListAccounts',
    summary: 'The staff accounts the signed-in owner (all) or manager (at its locations) looks after',
    tag,
    scopes: [],
    responses: { 200: { description: 'Accounts', schema: StaffAccountList } },
    errors: ['role_not_allowed'],
  }),
  webCreateAccount: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/accounts',
    operationId: 'webCreateAccount',
    summary: 'Create a staff account; a manager only front-desk ones at its locations',
    tag,
    scopes: [],
    body: StaffAccountCreate,
    responses: { 201: { description: 'The account', schema: StaffAccountView } },
    errors: ['role_not_allowed', 'location_not_allowed', 'email_taken', 'resource_missing'],
  }),
  webChangeAccountAccess: defineContract({
    mount: 'web',
    method: 'PATCH',
    path: '/accounts/:id',
    operationId: 'webChangeAccountAccess',
    summary: "Change an account's role and locations (applies from its next request)",
    tag,
    scopes: [],
    params: IdParams,
    body: StaffAccountAccess,
    responses: { 200: { description: 'The account', schema: StaffAccountView } },
    errors: ['role_not_allowed', 'location_not_allowed', 'resource_missing'],
  }),
  webDisableAccount: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/accounts/:id/disable',
    operationId: 'webDisableAccount',
    summary: 'Disable an account and end its sessions at once',
    tag,
    scopes: [],
    params: IdParams,
    responses: { 200: { description: 'The account', schema: StaffAccountView } },
    errors: ['role_not_allowed', 'location_not_allowed', 'resource_missing'],
  }),
  webAuditLog: defineContract({
    mount: 'web',
    method: 'GET',
    path: '/audit',
    operationId: 'webAuditLog',
    summary: 'Changes to staff accounts with who made them, newest first',
    tag,
    scopes: [],
    responses: { 200: { description: 'The audit log', schema: AuditLog } },
    errors: ['role_not_allowed'],
  }),
};
