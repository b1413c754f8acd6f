#!/usr/bin/env node
// The `studio-server` command (the `studio` commands but the one-box's `start`): runs the TypeScript
// sources through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
await import('../src/cli/main.ts');
