import { readdirSync, readFileSync, readlinkSync } from 'node:fs';

/**
 * Which of `pids` owns the TCP socket bound to each local port in `ports` (Linux /proc): the
 * receiver sees a delivery's remote port, this names the `serve` process sending it, so a kill can
 * land on a process with a delivery in flight. Ports no listed process owns are left out.
 */
export function ownersOfLocalPorts(ports: readonly number[], pids: readonly number[]): Map<number, number> {
  const wanted = new Set(ports);
  const inodeToPort = new Map<string, number>();
  for (const table of ['/proc/net/tcp', '/proc/net/tcp6']) {
    let text: string;
    try {
      text = readFileSync(table, 'utf8');
    } catch {
      continue;
    }
    for (const line of text.split('\n').slice(1)) {
      const fields = line.trim().split(/\s+/);
      const local = fields[1];
      const inode = fields[9];
      if (!local || !inode) continue;
      const port = parseInt(local.split(':')[1]!, 16);
      if (wanted.has(port)) inodeToPort.set(inode, port);
    }
  }
  const owners = new Map<number, number>();
  for (const pid of pids) {
    let fds: string[];
    try {
      fds = readdirSync(`/proc/${pid}/fd`);
    } catch {
      continue; // exited
    }
    for (const fd of fds) {
      let link: string;
      try {
        link = readlinkSync(`/proc/${pid}/fd/${fd}`);
      } catch {
        continue;
      }
      const inode = /^socket:\[(\d+)\]$/.exec(link)?.[1];
      const port = inode === undefined ? undefined : inodeToPort.get(inode);
      if (port !== undefined) owners.set(port, pid);
    }
  }
  return owners;
}
