import { writeFileSync } from 'node:fs';
import type { Command } from 'commander';
import { defaultLimits } from '../../config.js';
import { apiContracts } from '@studio/shared/contracts';
import { openApiDocument } from '../../openapi/document.js';
import { renderMarkdown, type OpenApiDoc } from '../../openapi/markdown.js';
import { action } from '../support/run.js';

export function registerOpenApiCommand(program: Command): void {
  program
    .command('openapi')
    .description('Print the OpenAPI 3.1 document, or write it and the Markdown API reference to files.')
    .option('--json <file>', 'write the OpenAPI document here')
    .option('--markdown <file>', 'write the Markdown API reference here')
    .action(
      action(async (options: { json?: string; markdown?: string }) => {
        const document = openApiDocument(apiContracts, defaultLimits);
        if (options.json) writeFileSync(options.json, JSON.stringify(document, null, 2) + '\n');
        if (options.markdown) writeFileSync(options.markdown, renderMarkdown(document as unknown as OpenApiDoc));
        if (!options.json && !options.markdown) process.stdout.write(JSON.stringify(document, null, 2) + '\n');
      }),
    );
}
