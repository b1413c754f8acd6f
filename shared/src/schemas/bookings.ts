import { z } from 'zod';
import { DateOrDateTime, DateTimeInput, Id, PageQuery, Timestamp } from './common.js';

export const bookingStatuses = ['booked', 'cancelled', 'completed', 'no_show'] as const;

export const Booking = z
  .object({
    id: Id,
    location_id: Id,
    contact_id: Id,
    service_id: Id,
    technician_id: Id,
    start: Timestamp,
    end: Timestamp,
    status: z.enum(bookingStatuses),
    source: z.string(),
    notes: z.string().nullable(),
    late_cancel: z.boolean(),
    cancelled_at: Timestamp.nullable(),
    cancellation_reason: z.string().nullable(),
    created_at: Timestamp,
    updated_at: Timestamp,
  })
  .meta({ id: 'Booking' });
export type Booking = z.infer<typeof Booking>;

export const BookingCreate = z
  .strictObject({
    location_id: Id,
    service_id: Id,
    contact_id: Id,
    start: DateTimeInput,
    technician_id: Id.optional().describe('Omitted: a free qualified technician'),
    notes: z.string().max(2000).optional(),
    source: z.string().min(1).max(50).default('api'),
  })
  .meta({ id: 'BookingCreate' });

export const BookingCancel = z.strictObject({ reason: z.string().max(500).optional(), notify: z.boolean().optional() }).meta({ id: 'BookingCancel' });

export const BookingReschedule = z.strictObject({ start: DateTimeInput }).meta({ id: 'BookingReschedule' });

export const BookingListQuery = z.strictObject({
  location_id: Id.optional(),
  contact_id: Id.optional(),
  from: DateOrDateTime.optional().describe('Bookings starting on or after'),
  to: DateOrDateTime.optional().describe('Bookings starting before'),
  ...PageQuery,
});

export const Slot = z
  .object({
    start: Timestamp,
    end: Timestamp,
    location_id: Id,
    service_id: Id,
    technician_id: Id,
    technician_name: z.string(),
  })
  .meta({ id: 'Slot' });
export type Slot = z.infer<typeof Slot>;

export const AvailabilityQuery = z.strictObject({
  service_id: Id,
  location_id: Id.optional(),
  technician_id: Id.optional().describe('Omitted: any qualified technician'),
  from: DateOrDateTime.optional().describe('Default now'),
  to: DateOrDateTime.optional().describe('Default from + 7 days; at most 31 days after from'),
});
