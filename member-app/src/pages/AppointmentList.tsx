import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { bookingCalendarHref, type Appointment } from '../api/member-data.ts';
import { dayAndTime } from './when.ts';

/** The member's upcoming appointments: each with Add to calendar, Reschedule and a Cancel that asks once more. */
export function AppointmentList({ items, onReschedule, onCancel }: { items: Appointment[]; onReschedule: (item: Appointment) => void; onCancel: (item: Appointment) => Promise<void> }) {
  const { t, i18n } = useTranslation('appointments');
  const [confirming, setConfirming] = useState<string | null>(null);
  if (items.length === 0) return <p className="quiet">{t('mine.none')}</p>;
  return (
    <ul className="bookings">
      {items.map((item) => {
        const when = dayAndTime(i18n.language, item.timezone, item.start);
        return (
          <li key={item.id}>
            <div>
              <strong>{item.service_name}</strong>
              <div>{when}</div>
              <div className="quiet">{t('mine.with', { name: item.technician_name })}</div>
            </div>
            <div className="actions">
              <a className="link-button" href={bookingCalendarHref('appointment', item.id)} download aria-label={t('mine.calendar_label', { service: item.service_name, when })}>
                {t('mine.calendar')}
              </a>
              <button type="button" className="secondary" aria-label={t('mine.reschedule_label', { service: item.service_name, when })} onClick={() => onReschedule(item)}>
                {t('mine.reschedule')}
              </button>
              {confirming === item.id ? (
                <>
                  <button type="button" className="danger" onClick={() => void onCancel(item).finally(() => setConfirming(null))}>
                    {t('mine.cancel_confirm')}
                  </button>
                  <button type="button" className="secondary" onClick={() => setConfirming(null)}>
                    {t('mine.keep')}
                  </button>
                </>
              ) : (
                <button type="button" className="secondary" aria-label={t('mine.cancel_label', { service: item.service_name, when })} onClick={() => setConfirming(item.id)}>
                  {t('mine.cancel')}
                </button>
              )}
            </div>
          </li>
        );
      })}
    </ul>
  );
}
