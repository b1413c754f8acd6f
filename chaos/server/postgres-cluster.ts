import { execFile } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { userInfo, tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { promisify } from 'node:util';
import { freePort } from '@studio/testkit/server/processes';
import pg from 'pg';

const execFileAsync = promisify(execFile);

/** The newest PostgreSQL server binaries Debian installed, or null. */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? join(root, versions[0], 'bin') : null;
}

/**
 * A PostgreSQL cluster of our own, so a scenario can restart and kill it: never the shared one at
 * 127.0.0.1:5432, which other suites and CI use. initdb into a temp dir, a free loopback port, unix
 * sockets in the temp dir. Postgres refuses to run as root, so as root it runs as `postgres`.
 * fsync is off: the faults here kill processes, not the machine, and the OS keeps what was written.
 */
export class PrivateCluster {
  private constructor(
    private readonly bin: string,
    readonly dir: string,
    readonly port: number,
  ) {}

  get url(): string {
    return `postgres://postgres@127.0.0.1:${this.port}/postgres`;
  }

  static async start(): Promise<PrivateCluster> {
    const bin = postgresBinaries();
    if (!bin) throw new Error('PostgreSQL server binaries not found under /usr/lib/postgresql/*/bin (apt-get install postgresql)');
    const dir = mkdtempSync(join(tmpdir(), 'studio-chaos-pg-'));
    const cluster = new PrivateCluster(bin, dir, await freePort());
    try {
      if (userInfo().uid === 0) {
        const { stdout } = await execFileAsync('id', ['-u', 'postgres']);
        const gid = Number((await execFileAsync('id', ['-g', 'postgres'])).stdout);
        chownSync(dir, Number(stdout), gid);
      }
      await cluster.run('initdb', ['-D', cluster.data, '-U', 'postgres', '-A', 'trust', '-E', 'UTF8', '--locale=C', '--no-sync']);
      const settings = { port: cluster.port, listen_addresses: "'127.0.0.1'", unix_socket_directories: `'${dir}'`, fsync: 'off', max_connections: 40, shared_buffers: "'32MB'" };
      writeFileSync(
        join(cluster.data, 'postgresql.auto.conf'),
        Object.entries(settings)
          .map(([k, v]) => `${k} = ${v}`)
          .join('\n') + '\n',
      );
      await cluster.startPostmaster();
      process.once('exit', cluster.killOnExit);
      return cluster;
    } catch (error) {
      await cluster.remove();
      throw error;
    }
  }

  private get data(): string {
    return join(this.dir, 'data');
  }

  /** A server binary, as `postgres` when we are root. */
  private async run(tool: string, args: string[]): Promise<string> {
    const command = join(this.bin, tool);
    const [file, argv] = userInfo().uid === 0 ? ['runuser', ['-u', 'postgres', '--', command, ...args]] : [command, args];
    const { stdout } = await execFileAsync(file, argv, { cwd: this.dir, timeout: 60_000 });
    return stdout;
  }

  /** Starts the postmaster and waits until it takes connections (also after a crash: recovery first). */
  async startPostmaster(): Promise<void> {
    // After a SIGKILL the orphaned backends take a moment to notice and exit; until then a new
    // postmaster refuses to start on their shared memory.
    for (let attempt = 0; ; attempt++) {
      try {
        await this.run('pg_ctl', ['start', '-w', '-t', '30', '-D', this.data, '-l', join(this.dir, 'log')]);
        break;
      } catch (error) {
        if (attempt >= 40) throw new Error(`private postgres did not start: ${(error as Error).message}\n${this.log()}`);
        await sleep(250);
      }
    }
    await this.waitReady();
  }

  /** `pg_ctl restart -m fast`: every backend terminated (57P01), a clean shutdown, a start. */
  async restart(): Promise<void> {
    await this.run('pg_ctl', ['restart', '-w', '-t', '30', '-m', 'fast', '-D', this.data, '-l', join(this.dir, 'log')]);
    await this.waitReady();
  }

  /** SIGKILL to the postmaster: the crash a power cut of the database host looks like to clients. */
  killPostmaster(): number {
    const pid = Number(readFileSync(join(this.data, 'postmaster.pid'), 'utf8').split('\n')[0]);
    process.kill(pid, 'SIGKILL');
    return pid;
  }

  private async waitReady(): Promise<void> {
    for (let attempt = 0; attempt < 200; attempt++) {
      const client = new pg.Client({ connectionString: this.url, connectionTimeoutMillis: 1000 });
      try {
        await client.connect();
        await client.query('select 1');
        await client.end();
        return;
      } catch {
        await client.end().catch(() => undefined);
        await sleep(100);
      }
    }
    throw new Error(`private postgres never took connections:\n${this.log()}`);
  }

  private log(): string {
    try {
      return readFileSync(join(this.dir, 'log'), 'utf8').slice(-2000);
    } catch {
      return '(no log)';
    }
  }

  /** If the runner dies without `remove()`, the cluster must not outlive it. */
  private readonly killOnExit = () => {
    try {
      this.killPostmaster();
    } catch {
      // not running
    }
    rmSync(this.dir, { recursive: true, force: true });
  };

  /** Stops it however it is (immediate) and deletes the cluster. Safe to call twice. */
  async remove(): Promise<void> {
    process.removeListener('exit', this.killOnExit);
    if (existsSync(join(this.data, 'postmaster.pid'))) {
      await this.run('pg_ctl', ['stop', '-m', 'immediate', '-w', '-D', this.data]).catch(() => undefined);
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}
