import type { DeviceComponentHealth, DeviceContactState, DeviceView } from '@studio/shared/schemas/devices';

/** A state in words, with an icon that is never the only signal. */
export const stateLook: Record<DeviceContactState, { icon: string; word: string; color: string; background: string }> = {
  online: { icon: '✓', word: 'Online', color: '#14532d', background: '#dcfce7' },
  stale: { icon: '!', word: 'Stale', color: '#713f12', background: '#fef3c7' },
  lost: { icon: '✕', word: 'Lost', color: '#7f1d1d', background: '#fee2e2' },
};

/** "45 s", "5 min", "3 h", "2 d": a duration at a glance. */
export function durationWords(seconds: number): string {
  if (seconds < 60) return `${Math.round(seconds)} s`;
  const minutes = Math.floor(seconds / 60);
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h`;
  return `${Math.floor(hours / 24)} d`;
}

/**
 * The eligibility cache's age now against what the agent allows before it refuses offline scans: its
 * age at the last report plus the silence since (an agent that went quiet has not synced since).
 */
export function cacheWords(cache: DeviceView['cache'], silentS = 0): string {
  if (cache.age_s === null) return `Never synced (allowed ${durationWords(cache.max_age_s)})`;
  const age = cache.age_s + silentS;
  return `${durationWords(age)} old (allowed ${durationWords(cache.max_age_s)})${age > cache.max_age_s ? ': too old for offline scans' : ''}`;
}

export function backlogWords(outbox: DeviceView['outbox']): string {
  const parts = [outbox.pending === 0 ? 'Nothing waiting' : `${outbox.pending} waiting to send`];
  if (outbox.rejected > 0) parts.push(`${outbox.rejected} refused by the server`);
  return parts.join(', ');
}

/** "Reader gate-reader: ok", "Relay turnstile: down (ENOENT)". */
export function componentWords(device: DeviceComponentHealth): string {
  const kind = device.kind[0]!.toUpperCase() + device.kind.slice(1);
  const detail = device.state === 'ok' ? '' : ` (${device.hint ?? device.last_error ?? 'no detail'})`;
  return `${kind} ${device.id}: ${device.state}${detail}`;
}

/** The lost agents first, then by device id: what needs a look comes first. */
export function byAttention(devices: readonly DeviceView[]): DeviceView[] {
  const rank: Record<DeviceContactState, number> = { lost: 0, stale: 1, online: 2 };
  return [...devices].sort((a, b) => rank[a.state] - rank[b.state] || a.device_id.localeCompare(b.device_id));
}
