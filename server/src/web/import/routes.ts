import { ExportFile, ExportRequest, ImportCommitRequest, ImportCommitted, ImportDryRunReport, ImportDryRunRequest } from '@studio/shared/schemas/web-import';
import { systemClock, type Clock } from '../../clock/time.js';
import { created, defineRoute, ok } from '../../http/route.js';
import { webCommitImport, webDryRun, webExport } from './import-export.js';

/** The owner's import (dry run, then commit of that content) and export, below `/app/api`. */
export function importRoutes(clock: Clock = systemClock) {
  return [
    defineRoute({
      method: 'POST',
      path: '/import/dry-run',
      operationId: 'webImportDryRun',
      summary: 'Check an import file into this company as the import would (password again): every problem at once, what it would create; nothing written',
      tag: 'Web import',
      scopes: [],
      body: ImportDryRunRequest,
      responses: { 200: { description: 'The dry run', schema: ImportDryRunReport } },
      errors: ['role_not_allowed', 'invalid_credentials'],
      handler: async ({ db, actor, body }) => ok(await webDryRun(db, actor, body, clock)),
    }),
    defineRoute({
      method: 'POST',
      path: '/import/commit',
      operationId: 'webImportCommit',
      summary: 'Import the file a clean dry run checked, by its SHA-256 (password again), all or nothing',
      tag: 'Web import',
      scopes: [],
      body: ImportCommitRequest,
      responses: { 201: { description: 'What was created', schema: ImportCommitted } },
      errors: ['role_not_allowed', 'invalid_credentials', 'import_not_dry_run', 'import_refused'],
      handler: async ({ db, actor, body }) => created(await webCommitImport(db, actor, body, clock)),
    }),
    defineRoute({
      method: 'POST',
      path: '/export',
      operationId: 'webExport',
      summary: 'The whole company as an import file (password again); no keys, accounts or passwords',
      tag: 'Web import',
      scopes: [],
      body: ExportRequest,
      responses: { 200: { description: 'The import file', schema: ExportFile } },
      errors: ['role_not_allowed', 'invalid_credentials'],
      handler: async ({ db, actor, body }) => ok(await webExport(db, actor, body.password, clock)),
    }),
  ];
}
