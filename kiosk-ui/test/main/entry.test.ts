import { afterEach, describe, expect, it, vi } from 'vitest';

// entry.ts loads 'electron' by a computed name; the fake stands in for it. Run from source, the entry
// finds no built renderer directory beside it, so its start fails: the case under test.
vi.mock('electron', async () => {
  const { fakeElectron } = await import('../helpers/fake-electron.ts');
  const { electron } = fakeElectron();
  return { default: electron, ...electron };
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe('the Electron main entry', () => {
  it('a shell that fails to start exits 1 (so the service manager restarts it) rather than leaving an unhandled rejection', async () => {
    vi.stubEnv('LOG_LEVEL', 'silent');
    const exit = vi.spyOn(process, 'exit').mockImplementation((() => undefined) as never);
    await import('../../src/main/entry.ts');
    await vi.waitFor(() => expect(exit).toHaveBeenCalledWith(1));
  });
});
