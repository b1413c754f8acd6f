import { UnstyledButton } from '@mantine/core';
import type { CalendarBooking } from '@studio/shared/schemas/appointments-web';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { statusKey, timeRange } from '../../format/appointments.ts';

/** Dark text on a light tint, so every status reads at 4.5:1; the status is also written out. */
const palette: Record<string, { background: string; border: string; color: string }> = {
  booked: { background: '#dbeafe', border: '#1d4ed8', color: '#1e3a8a' },
  completed: { background: '#dcfce7', border: '#15803d', color: '#14532d' },
  no_show: { background: '#fee2e2', border: '#b91c1c', color: '#7f1d1d' },
  cancelled: { background: '#f1f3f5', border: '#868e96', color: '#343a40' },
};

/** A booking on the calendar: a button naming time, client, service and status, opening its actions. */
export function BookingBlock({
  booking,
  zone,
  onOpen,
  style,
  showStaff = false,
}: {
  booking: CalendarBooking;
  zone: string;
  onOpen: (booking: CalendarBooking) => void;
  style?: CSSProperties;
  showStaff?: boolean;
}) {
  const colours = palette[booking.status] ?? palette.booked!;
  const time = timeRange(booking.start, booking.end, zone);
  const { t } = useTranslation('appointments');
  const status = t(statusKey(booking));
  return (
    <UnstyledButton
      onClick={() => onOpen(booking)}
      style={{
        display: 'block',
        width: '100%',
        overflow: 'hidden',
        fontSize: 13,
        lineHeight: 1.3,
        padding: '2px 6px',
        borderRadius: 4,
        borderLeft: `4px solid ${colours.border}`,
        background: colours.background,
        color: colours.color,
        ...style,
      }}
    >
      <strong>{time}</strong> {booking.contact_name}
      <br />
      {booking.service_name}
      {showStaff ? ` · ${booking.staff_name}` : ''} · <strong>{status}</strong>
    </UnstyledButton>
  );
}
