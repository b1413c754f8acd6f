import { ApiError } from './api-error.js';

/** How deep a request body may nest objects and arrays: far more than any route's schema, far less than a stack. */
export const maxJsonDepth = 64;

/**
 * Where `text`, read as JSON, first nests deeper than `max` objects and arrays: the index of the
 * bracket that opens one level too many, or -1. One pass, stopping there, and no parse: the check
 * costs at most the body's length, so a deep body is refused before anything recursive walks it
 * (issue 30, N5: a body nested 20,000 deep blocked the event loop, then overflowed the stack).
 * Text that is not JSON is left to the parser to refuse.
 */
export function tooDeepAt(text: string, max = maxJsonDepth): number {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (inString) {
      if (code === 0x5c) i++;
      else if (code === 0x22) inString = false;
    } else if (code === 0x22) inString = true;
    else if (code === 0x7b || code === 0x5b) {
      if (++depth > max) return i;
    } else if (code === 0x7d || code === 0x5d) depth--;
  }
  return -1;
}

/** Refuses a body nested deeper than `maxJsonDepth`: 400 `invalid_json`, saying so. */
export function assertJsonDepth(text: string): void {
  if (tooDeepAt(text) !== -1) {
    throw new ApiError('invalid_json', `The request body nests objects and arrays more than ${maxJsonDepth} deep; no route takes that.`, { param: 'body' });
  }
}
