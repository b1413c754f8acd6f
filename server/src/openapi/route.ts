import type { FastifyInstance } from 'fastify';
import { apiPrefix } from '../http/mount.js';
import type { ServerLimits } from '../plugins/limits.js';
import { apiContracts } from '@studio/shared/contracts';
import { openApiDocument } from './document.js';

/** `GET /v1/openapi.json`: public, like Stripe's, so tools can read it without a key. */
export function registerOpenApiRoute(app: FastifyInstance, limits: ServerLimits): void {
  const document = JSON.stringify(openApiDocument(apiContracts, limits));
  app.get(`${apiPrefix}/openapi.json`, async (_request, reply) => reply.type('application/json; charset=utf-8').send(document));
}
