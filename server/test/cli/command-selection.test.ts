import { describe, expect, it } from 'vitest';
import { commandWord, serverCommandsFor, studioProgram } from '../../src/cli/program.js';

const argv = (...words: string[]) => ['node', 'studio-server', ...words];
const registered = async (names: readonly string[]) => (await studioProgram('studio-server', '', names)).commands.map((command) => command.name());

describe('the CLI loads only the command it runs', () => {
  it('names the command of a command line, past its options', () => {
    expect(commandWord(argv('keys', 'list', '--company', 'x'))).toBe('keys');
    expect(commandWord(argv('--help'))).toBeUndefined();
  });

  it('registers the named command alone; help, nothing or a typo get every command', async () => {
    expect(serverCommandsFor(argv('keys', 'list'))).toEqual(['keys']);
    expect(await registered(serverCommandsFor(argv('keys', 'list')))).toEqual(['keys']);
    const all = serverCommandsFor(argv('--help'));
    expect(serverCommandsFor(argv('kyes'))).toEqual(all);
    expect(serverCommandsFor(argv())).toEqual(all);
    expect(await registered(all)).toEqual(expect.arrayContaining(['serve', 'keys', 'import', 'backup', 'restore', 'tls', 'doctor']));
    expect((await registered(all)).length).toBe(all.length);
  });
});
