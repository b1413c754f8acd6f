import { z } from 'zod';

/*
 * Imported first by the renderer and preload entries: zod compiles fast parsers with `new Function`
 * unless told not to, and its probe for that alone is reported as a CSP violation under
 * `script-src 'self'`. Schemas read the setting when they are built, so this must run before any
 * schema module is evaluated.
 */
z.config({ jitless: true });
