import type { Command } from 'commander';

export function registerServeCommands(_program: Command): void {}
