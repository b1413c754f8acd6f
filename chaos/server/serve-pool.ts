import { freePort, startStudio, type StudioProcess } from '@studio/testkit/server/processes';

/**
 * Several `studio serve` processes on one database, each on a port of its own that a restart takes
 * back (clients keep their addresses), as behind a load balancer. A process stopped by anything
 * but `kill()` or `stop()` is a crash: its output is written at once and it is listed in `crashes`.
 */
export class ServePool {
  private readonly processes: (StudioProcess | null)[];
  readonly crashes: string[] = [];
  kills = 0;

  private constructor(
    readonly databaseUrl: string,
    readonly ports: number[],
    private readonly env: Record<string, string>,
  ) {
    this.processes = ports.map(() => null);
  }

  /** Starts `size` processes at once on a database already migrated (as seeding does), so none of them migrates. */
  static async start(databaseUrl: string, size: number, env: Record<string, string>): Promise<ServePool> {
    const ports: number[] = [];
    for (let i = 0; i < size; i++) ports.push(await freePort());
    const pool = new ServePool(databaseUrl, ports, env);
    await Promise.all(ports.map((_, i) => pool.startOne(i)));
    return pool;
  }

  get bases(): string[] {
    return this.ports.map((port) => `http://127.0.0.1:${port}/v1`);
  }

  /** The pid of each running process, by index (null while it is down). */
  pids(): (number | null)[] {
    return this.processes.map((p) => p?.child.pid ?? null);
  }

  async startOne(index: number): Promise<void> {
    const server = await startStudio('serve', this.databaseUrl, 'warn', { port: this.ports[index]!, env: this.env });
    this.processes[index] = server;
    server.child.once('exit', (code, signal) => {
      if (this.processes[index] !== server) return;
      this.crashes.push(`serve ${index} exited by itself (${code ?? signal}): ${server.output().slice(-3000)}`);
      process.stderr.write(`studio serve ${index} exited by itself (${code ?? signal}):\n${server.output().slice(-6000)}\n`);
    });
  }

  /** SIGKILL: no request or delivery finishes, no connection closes cleanly, nothing is flushed. */
  async kill(index: number): Promise<void> {
    const server = this.processes[index]!;
    this.processes[index] = null;
    this.kills++;
    server.child.kill('SIGKILL');
    await server.stop();
  }

  /** SIGTERM to every process still running. */
  async stop(): Promise<void> {
    const running = this.processes.filter((p): p is StudioProcess => p !== null);
    this.processes.fill(null);
    await Promise.all(running.map((p) => p.stop()));
  }
}
