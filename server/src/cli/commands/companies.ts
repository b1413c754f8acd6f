import type { Command } from 'commander';

export function registerCompanyCommands(_program: Command): void {}
