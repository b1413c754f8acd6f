import { Badge } from '@mantine/core';
import type { StateWords } from './words.ts';

/** Dark text on a pale fill (4.5:1 or better), with the state in words: colour is never the only signal. */
const looks: Record<StateWords['status'] | 'delivered' | 'pending' | 'failed', { color: string; background: string }> = {
  enabled: { color: '#14532d', background: '#dcfce7' },
  delivered: { color: '#14532d', background: '#dcfce7' },
  failing: { color: '#713f12', background: '#fef3c7' },
  pending: { color: '#1e3a8a', background: '#dbeafe' },
  disabled: { color: '#374151', background: '#e5e7eb' },
  failed: { color: '#7f1d1d', background: '#fee2e2' },
};

export function StateBadge({ look, label }: { look: keyof typeof looks; label: string }) {
  const { color, background } = looks[look];
  return (
    <Badge variant="filled" radius="sm" style={{ color, background, textTransform: 'none', maxWidth: 'none', minWidth: 'max-content', overflow: 'visible' }}>
      {label}
    </Badge>
  );
}
