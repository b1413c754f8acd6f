import { Badge } from '@mantine/core';
import { useTranslation } from 'react-i18next';

/** Status in words with a colour that meets 4.5:1 (dark text on a pale fill); never colour alone. */
const looks = {
  active: { color: '#14532d', background: '#dcfce7' },
  pending: { color: '#1e3a8a', background: '#dbeafe' },
  paused: { color: '#713f12', background: '#fef3c7' },
  past_due: { color: '#7f1d1d', background: '#fee2e2' },
  cancelled: { color: '#374151', background: '#e5e7eb' },
  expired: { color: '#374151', background: '#e5e7eb' },
  revoked: { color: '#374151', background: '#e5e7eb' },
  disabled: { color: '#374151', background: '#e5e7eb' },
} as const;

type KnownStatus = keyof typeof looks;
const isKnown = (status: string): status is KnownStatus => Object.hasOwn(looks, status);

/** A known status (`past_due`) is named in the app's language; anything else is shown as the caller wrote it. */
export function StatusChip({ status }: { status: string }) {
  const { t } = useTranslation();
  const look = isKnown(status) ? { ...looks[status], label: t(`status.${status}`) } : { label: status.replaceAll('_', ' '), color: '#374151', background: '#e5e7eb' };
  return (
    <Badge variant="filled" radius="sm" style={{ color: look.color, background: look.background, textTransform: 'none', maxWidth: 'none', minWidth: 'max-content', overflow: 'visible' }}>
      {look.label}
    </Badge>
  );
}
