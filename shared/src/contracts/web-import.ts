import { defineContract } from './contract.js';
import { ExportFile, ExportRequest, ImportCommitRequest, ImportCommitted, ImportDryRunReport, ImportDryRunRequest, ImportProgress } from '../schemas/web-import.js';

/** A whole studio's file, logos included: the most a body ever held before bodies had limits of their own. */
const importFileLimitBytes = 1024 * 1024;

export const webImportContracts = {
  webImportDryRun: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/import/dry-run',
    operationId: 'webImportDryRun',
    summary: 'Check an import file into this company as the import would (password again): every problem at once, what it would create; nothing written',
    tag: 'Web import',
    scopes: [],
    roles: ['owner'],
    body: ImportDryRunRequest,
    bodyLimit: importFileLimitBytes,
    responses: { 200: { description: 'The dry run', schema: ImportDryRunReport } },
    errors: ['role_not_allowed', 'invalid_credentials', 'rate_limited', 'import_too_large', 'import_in_progress'],
  }),
  webImportCommit: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/import/commit',
    operationId: 'webImportCommit',
    summary: 'Import the file a clean dry run checked, by its SHA-256 (password again), all or nothing',
    tag: 'Web import',
    scopes: [],
    roles: ['owner'],
    body: ImportCommitRequest,
    bodyLimit: importFileLimitBytes,
    responses: { 201: { description: 'What was created', schema: ImportCommitted } },
    errors: ['role_not_allowed', 'invalid_credentials', 'rate_limited', 'import_not_dry_run', 'import_refused', 'import_too_large', 'import_in_progress'],
  }),
  webImportProgress: defineContract({
    mount: 'web',
    method: 'GET',
    path: '/import/progress',
    operationId: 'webImportProgress',
    summary: "Where this company's running import (dry run or commit) stands: reading, checking, or rows written of all; null when none runs",
    tag: 'Web import',
    scopes: [],
    roles: ['owner'],
    responses: { 200: { description: 'The running import, if any', schema: ImportProgress } },
    errors: ['role_not_allowed'],
  }),
  webExport: defineContract({
    mount: 'web',
    method: 'POST',
    path: '/export',
    operationId: 'webExport',
    summary: 'The whole company as an import file (password again); no keys, accounts or passwords',
    tag: 'Web import',
    scopes: [],
    roles: ['owner'],
    body: ExportRequest,
    responses: { 200: { description: 'The import file', schema: ExportFile } },
    errors: ['role_not_allowed', 'invalid_credentials', 'rate_limited'],
  }),
};
