import type { Command } from 'commander';

export function registerOpenApiCommand(_program: Command): void {}
