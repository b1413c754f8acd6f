/** Epoch milliseconds, half-open [start, end). */
export interface Interval {
  start: number;
  end: number;
}

/** 'HH:MM' local wall-clock times; end may be '24:00'; end > start. */
export interface LocalSpan {
  start: string;
  end: string;
}

export interface TechnicianSchedule {
  technician_id: string;
  technician_name: string;
  /** ISO weekday 1 (Monday) .. 7 (Sunday) → working spans at the location; a missing day is off. */
  weekly: Partial<Record<number, LocalSpan[]>>;
  /** A date override replaces that local date's spans entirely; [] means the whole day off. */
  overrides: Record<string /* YYYY-MM-DD */, LocalSpan[]>;
  /** Time off (vacations, sick days), as instants: removed from working time. */
  timeOff: Interval[];
  /** The technician's existing active bookings, each already widened by ITS service's buffers. */
  busy: Interval[];
}

export interface SlotRequest {
  /** The location's IANA zone. */
  timezone: string;
  now: number;
  /** Window for slot STARTS, [from, to). */
  from: number;
  to: number;
  durationMinutes: number;
  bufferBeforeMinutes: number;
  bufferAfterMinutes: number;
  /** Slot grid step, e.g. 15. */
  intervalMinutes: number;
  /** A slot must start at or after now + notice. */
  minNoticeMinutes: number;
  /** A slot must start at or before now + horizon days. */
  horizonDays: number;
  technicians: TechnicianSchedule[];
  /** Blocks (buffers included) of bookings holding the service's room; null: the service needs no room. */
  roomBusy: Interval[] | null;
}

export interface Slot {
  start: number;
  end: number;
  technician_id: string;
  technician_name: string;
}

export type RuleReason = 'in_the_past' | 'minimum_notice' | 'beyond_horizon' | 'outside_hours' | 'off_grid';

export type Verdict = { ok: true } | { ok: false; kind: 'rule'; reason: RuleReason } | { ok: false; kind: 'conflict'; with: 'technician' | 'room' };
