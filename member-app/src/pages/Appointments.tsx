import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { errorWords } from '../api/errors.ts';
import { MemberApiError } from '../api/call.ts';
import { memberData, type Appointment, type Service, type Slot } from '../api/member-data.ts';
import { AppointmentList } from './AppointmentList.tsx';
import { clockTime, dayAndTime, localDate } from './when.ts';

/**
 * Appointments: pick a service and a day, see its open slots (the server's availability, the same
 * the desk and the API see), book one; below, the member's own appointments to move or cancel.
 * Moving one reuses the slot picker for its service.
 */
export function Appointments() {
  const { t, i18n } = useTranslation('appointments');
  const { t: common } = useTranslation('common');
  const [services, setServices] = useState<Service[] | null>(null);
  const [serviceId, setServiceId] = useState('');
  const [day, setDay] = useState('');
  const [slots, setSlots] = useState<Slot[] | null>(null);
  const [mine, setMine] = useState<Appointment[] | null>(null);
  const [moving, setMoving] = useState<Appointment | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const service = services?.find((s) => s.id === serviceId);

  const words = useCallback(
    (error: unknown) => {
      if (error instanceof MemberApiError && error.code === 'booking_conflict') return t('taken');
      if (error instanceof MemberApiError && error.code === 'booking_rule') return t('rule');
      if (error instanceof MemberApiError && error.code === 'booking_not_active') return t('not_active');
      return errorWords(common, error);
    },
    [t, common],
  );
  const loadMine = useCallback(() => memberData.appointments().then(setMine, (error: unknown) => setProblem(words(error))), [words]);

  useEffect(() => {
    memberData.services().then(
      (list) => {
        setServices(list);
        if (list[0]) {
          setServiceId(list[0].id);
          setDay(localDate(list[0].timezone, 1));
        }
      },
      (error: unknown) => setProblem(words(error)),
    );
    void loadMine();
  }, [loadMine, words]);

  useEffect(() => {
    if (!serviceId || !day) return;
    setSlots(null);
    memberData.slots(serviceId, day).then(setSlots, (error: unknown) => setProblem(words(error)));
  }, [serviceId, day, words]);

  const act = async (work: () => Promise<string>) => {
    setProblem(null);
    setNotice(null);
    try {
      setNotice(await work());
      await loadMine();
      if (serviceId && day) setSlots(await memberData.slots(serviceId, day));
    } catch (error) {
      setProblem(words(error));
    }
  };
  const take = (slot: Slot) =>
    act(async () => {
      const zone = service?.timezone ?? 'UTC';
      if (moving) {
        const moved = await memberData.reschedule(moving.id, slot.start);
        setMoving(null);
        return t('moved', { service: moved.service_name, when: dayAndTime(i18n.language, zone, moved.start) });
      }
      const booked = await memberData.book(slot);
      return t('booked', { service: booked.service_name, when: dayAndTime(i18n.language, zone, booked.start) });
    });

  return (
    <>
      <section className="card" aria-labelledby="book-title">
        <h1 id="book-title">{moving ? t('move.title', { service: moving.service_name }) : t('title')}</h1>
        {/* Above the slots: a tap on one far down the list still shows its outcome where the eye is. */}
        {notice ? (
          <p role="status" className="notice">
            {notice}
          </p>
        ) : null}
        {problem ? (
          <p role="alert" className="problem">
            {problem}
          </p>
        ) : null}
        {services === null ? <p role="status">{common('loading')}</p> : null}
        {services?.length === 0 ? <p className="quiet">{t('no_services')}</p> : null}
        {services && services.length > 0 ? (
          <div className="fields">
            <label htmlFor="service">{t('service')}</label>
            <select id="service" value={serviceId} disabled={moving !== null} onChange={(event) => setServiceId(event.target.value)}>
              {services.map((s) => (
                <option key={s.id} value={s.id}>
                  {t('service_option', { name: s.name, minutes: s.duration_minutes })}
                </option>
              ))}
            </select>
            <label htmlFor="day">{t('day')}</label>
            <input id="day" type="date" value={day} min={service ? localDate(service.timezone) : undefined} onChange={(event) => setDay(event.target.value)} />
          </div>
        ) : null}
        {service && day ? (
          <>
            <h2>{t('slots')}</h2>
            {slots === null ? <p role="status">{common('loading')}</p> : null}
            {slots?.length === 0 ? <p className="quiet">{t('no_slots')}</p> : null}
            <ul className="slots" aria-label={t('slots')}>
              {(slots ?? []).map((slot) => {
                const time = clockTime(i18n.language, service.timezone, slot.start);
                return (
                  <li key={`${slot.start}-${slot.technician_id}`}>
                    {/* Named by what it shows ("10:15 Ana Ruiz"); the list's name and the heading say what a tap does. */}
                    <button type="button" className="secondary" onClick={() => void take(slot)}>
                      <span>{time}</span> <span className="quiet">{slot.technician_name}</span>
                    </button>
                  </li>
                );
              })}
            </ul>
          </>
        ) : null}
        {moving ? (
          <button type="button" className="secondary" onClick={() => setMoving(null)}>
            {t('move.stop')}
          </button>
        ) : null}
      </section>
      <section className="card" aria-labelledby="mine-title">
        <h2 id="mine-title">{t('mine.title')}</h2>
        {mine === null ? (
          <p role="status">{common('loading')}</p>
        ) : (
          <AppointmentList
            items={mine}
            onReschedule={(item) => {
              setMoving(item);
              setServiceId(item.service_id);
              setNotice(null);
              window.scrollTo({ top: 0 });
            }}
            onCancel={(item) =>
              act(async () => {
                const cancelled = await memberData.cancel(item.id);
                // Inside the studio's cancellation window the desk sees it as a late cancellation: said plainly.
                return t(cancelled.late_cancel ? 'cancelled_late' : 'cancelled', { service: item.service_name, when: dayAndTime(i18n.language, item.timezone, item.start) });
              })
            }
          />
        )}
      </section>
    </>
  );
}
