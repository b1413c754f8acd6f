import type { IncomingMessage } from 'node:http';
import { ApiError, assertJsonDepth, parseBody, parseWith } from '@studio/shared';
import type { z } from 'zod';

/** A kiosk's requests are a few ids; anything near this is not one. */
const maxBodyBytes = 16 * 1024;

/**
 * The JSON body of a local POST, validated by the shared schema (the API's codes: 400
 * `invalid_json`, also for a body nested more than 64 deep, `invalid_param`, `missing_field`, `parameter_unknown`; 413; 415). Requiring
 * `application/json` also means a web page elsewhere cannot post here without a CORS preflight,
 * which this API never grants.
 */
export async function readBody<S extends z.ZodType>(req: IncomingMessage, schema: S): Promise<z.output<S>> {
  const type = req.headers['content-type']?.split(';')[0]?.trim().toLowerCase();
  if (type !== 'application/json') throw new ApiError('unsupported_media_type', 'Send the body as application/json.');
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > maxBodyBytes) throw new ApiError('request_too_large', `The body is larger than ${maxBodyBytes} bytes.`);
    chunks.push(chunk as Buffer);
  }
  const text = Buffer.concat(chunks).toString('utf8');
  // As the server's parser does: a body nested past any schema is refused before a recursive parse.
  assertJsonDepth(text);
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    throw new ApiError('invalid_json', 'The body is not valid JSON.');
  }
  return parseBody(schema, body);
}

/** The query string as an object of strings, validated by the shared schema. */
export function readQuery<S extends z.ZodType>(req: IncomingMessage, schema: S): z.output<S> {
  return parseWith(schema, Object.fromEntries(new URL(req.url ?? '/', 'http://local').searchParams));
}
