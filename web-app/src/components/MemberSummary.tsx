import type { MemberSearchRow } from '@studio/shared/web-app';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime } from '../format/time.ts';
import { StatusChip } from './StatusChip.tsx';

/** Whether a search row can come in, at a glance: the status chip ("No membership" in words when none) and the plan. */
export function MembershipSummary({ row }: { row: Pick<MemberSearchRow, 'status' | 'plan_name'> }) {
  return (
    <span style={{ display: 'inline-flex', gap: 8, alignItems: 'center', flexWrap: 'wrap' }}>
      <StatusChip status={row.status ?? 'none'} />
      {row.plan_name ? <span>{row.plan_name}</span> : null}
    </span>
  );
}

/** How long ago, in the reader's language and in short units ("3 days ago", "hace 3 días"). */
function ago(iso: string, now: Date, language: string): string | null {
  const minutes = Math.floor((now.getTime() - Date.parse(iso)) / 60_000);
  if (minutes < 1) return null;
  const words = new Intl.RelativeTimeFormat(language, { numeric: 'always', style: 'short' });
  if (minutes < 60) return words.format(-minutes, 'minute');
  const hours = Math.floor(minutes / 60);
  return hours < 24 ? words.format(-hours, 'hour') : words.format(-Math.floor(hours / 24), 'day');
}

/** "3 days ago" after `prefix`, with the exact time in the location's zone in a title; "No visits yet" when none. */
export function LastVisit({ at, zone, prefix = '', now = new Date() }: { at: string | null; zone: string; prefix?: string; now?: Date }) {
  const { t, i18n } = useTranslation();
  if (!at) return <span>{t('last_visit.none')}</span>;
  return (
    <span title={formatLocalDateTime(at, zone)}>
      {prefix}
      {ago(at, now, i18n.language) ?? t('last_visit.just_now')}
    </span>
  );
}
