import type { Command } from 'commander';

export function registerDemoCommand(_program: Command): void {}
