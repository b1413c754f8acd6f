#!/usr/bin/env node
// The `studio-agent` command: runs the TypeScript sources through tsx, so no build step is needed.
import { register } from 'tsx/esm/api';

register();
// `studio-agent backup FILE` copies the store, alongside a running agent; anything else runs the agent.
await import(process.argv[2] === 'backup' ? '../src/store/backup-command.ts' : '../src/main.ts');
