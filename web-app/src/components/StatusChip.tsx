import { Badge } from '@mantine/core';

/** Status in words with a colour that meets 4.5:1 (dark text on a pale fill); never colour alone. */
const looks: Record<string, { label: string; color: string; background: string }> = {
  active: { label: 'Active', color: '#14532d', background: '#dcfce7' },
  pending: { label: 'Starts later', color: '#1e3a8a', background: '#dbeafe' },
  paused: { label: 'Paused', color: '#713f12', background: '#fef3c7' },
  past_due: { label: 'Past due', color: '#7f1d1d', background: '#fee2e2' },
  cancelled: { label: 'Cancelled', color: '#374151', background: '#e5e7eb' },
  expired: { label: 'Expired', color: '#374151', background: '#e5e7eb' },
  revoked: { label: 'Revoked', color: '#374151', background: '#e5e7eb' },
  disabled: { label: 'Disabled', color: '#374151', background: '#e5e7eb' },
};

export function StatusChip({ status }: { status: string }) {
  const look = looks[status] ?? { label: status.replaceAll('_', ' '), color: '#374151', background: '#e5e7eb' };
  return (
    <Badge variant="filled" radius="sm" style={{ color: look.color, background: look.background, textTransform: 'none', maxWidth: 'none', minWidth: 'max-content', overflow: 'visible' }}>
      {look.label}
    </Badge>
  );
}
