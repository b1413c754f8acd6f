import type { Command } from 'commander';

export function registerImportCommand(_program: Command): void {}
