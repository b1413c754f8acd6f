import { readFileSync } from 'node:fs';

/** CPU seconds (user + system) a process has used, from /proc (Linux). */
export function cpuSeconds(pid: number): number {
  const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  const ticks = Number(fields[11]) + Number(fields[12]);
  return ticks / 100; // USER_HZ is 100 on Linux
}

function statusKbAsMb(pid: number, field: 'VmHWM' | 'VmRSS'): number {
  const line = readFileSync(`/proc/${pid}/status`, 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${field}:`))!;
  return Number(line.replace(/\D+/g, '')) / 1024;
}

/** The process's peak resident set (VmHWM), in MB. */
export function peakRssMb(pid: number): number {
  return statusKbAsMb(pid, 'VmHWM');
}

/** The process's resident set now (VmRSS), in MB. */
export function rssMb(pid: number): number {
  return statusKbAsMb(pid, 'VmRSS');
}
