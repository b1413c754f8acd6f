import type { MemberSearchRow } from '@studio/shared/web-app';
import { formatLocalDateTime, relativeTo } from '../format/time.ts';
import { StatusChip } from './StatusChip.tsx';

/** Whether a search row can come in, at a glance: the status chip ("No membership" in words when none) and the plan. */
export function MembershipSummary({ row }: { row: Pick<MemberSearchRow, 'status' | 'plan_name'> }) {
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      {row.status ? <StatusChip status={row.status} /> : <StatusChip status="No membership" />}
      {row.plan_name ? <span>{row.plan_name}</span> : null}
    </span>
  );
}

/** "3 d ago" after `prefix`, with the exact time in the location's zone in a title; "No visits yet" when none. */
export function LastVisit({ at, zone, prefix = '', now = new Date() }: { at: string | null; zone: string; prefix?: string; now?: Date }) {
  if (!at) return <span>No visits yet</span>;
  return (
    <span title={formatLocalDateTime(at, zone)}>
      {prefix}
      {relativeTo(at, now)}
    </span>
  );
}
