import type { MemberSearchRow } from '@studio/shared/web-app';
import { useTranslation } from 'react-i18next';
import { formatLocalDateTime, relativeTo } from '../format/time.ts';
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

/**
 * "3 days ago" in the page's locale (the same short phrase as elsewhere), put into `label` where a
 * caller words it ("Last visit 3 days ago"), with the exact time in the location's zone in a title;
 * "No visits yet" when none.
 */
export function LastVisit({ at, zone, locale, label = (when) => when, now = new Date() }: { at: string | null; zone: string; locale: string; label?: (when: string) => string; now?: Date }) {
  const { t } = useTranslation();
  if (!at) return <span>{t('last_visit.none')}</span>;
  // Under a minute reads "just now": the bare "now" of relativeTo is odd after "Last visit".
  const when = now.getTime() - Date.parse(at) < 60_000 ? t('last_visit.just_now') : relativeTo(at, now, locale);
  return <span title={formatLocalDateTime(at, zone, locale)}>{label(when)}</span>;
}
