#!/usr/bin/env node
// The `studio` command: the server's commands and the one-box's `start`. Runs the TypeScript sources
// through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
await import('../src/main.ts');
