import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Status in words with a colour that meets 4.5:1 (dark text on a pale fill); never colour alone. */
const looks = {
  active: { key: 'status.active', color: '#14532d', background: '#dcfce7' },
  pending: { key: 'status.pending', color: '#1e3a8a', background: '#dbeafe' },
  paused: { key: 'status.paused', color: '#713f12', background: '#fef3c7' },
  past_due: { key: 'status.past_due', color: '#7f1d1d', background: '#fee2e2' },
  cancelled: { key: 'status.cancelled', color: '#374151', background: '#e5e7eb' },
  expired: { key: 'status.expired', color: '#374151', background: '#e5e7eb' },
  revoked: { key: 'status.revoked', color: '#374151', background: '#e5e7eb' },
  disabled: { key: 'status.disabled', color: '#374151', background: '#e5e7eb' },
  none: { key: 'status.none', color: '#374151', background: '#e5e7eb' },
} as const;

/** A status code in words; anything else (words a caller already chose) is shown as given. */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const look = Object.hasOwn(looks, status) ? looks[status as keyof typeof looks] : null;
  const label = look ? t(look.key) : status.replaceAll('_', ' ');
  return (
    <Badge
      variant="filled"
      radius="sm"
      style={{ color: look?.color ?? '#374151', background: look?.background ?? '#e5e7eb', textTransform: 'none', maxWidth: 'none', minWidth: 'max-content', overflow: 'visible' }}
    >
      {label}
    </Badge>
  );
}
