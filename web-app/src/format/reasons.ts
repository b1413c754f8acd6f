/** The refusal vocabulary in words, the same the kiosk and the door use (design reference, check-in table). */
const reasonWords: Record<string, string> = {
  not_found: 'No such member or card',
  not_started: 'Plan has not started yet',
  expired: 'Plan has ended',
  cancelled: 'Plan was cancelled',
  paused: 'Plan is paused',
  past_due: 'Payment past due',
  no_visits_remaining: 'No visits left',
  location_not_allowed: 'Plan not valid at this location',
  no_card: 'No card',
  form_missing: 'Waiver not signed',
  outside_access_hours: 'Outside access hours',
  ineligible_at_checkin: 'Let in while offline although not eligible: follow up',
  device_clock_ahead: 'Device clock was ahead',
  outside_checkin_window: 'Outside the class check-in window',
  staff_override: 'Let in by a staff override',
};

export function reasonInWords(code: string): string {
  return reasonWords[code] ?? code.replaceAll('_', ' ');
}

export function reasonsInWords(codes: readonly string[]): string {
  return codes.map(reasonInWords).join('; ');
}

const sourceWords: Record<string, string> = { kiosk: 'Kiosk', turnstile: 'Turnstile', biometric: 'Biometric reader', staff: 'Desk', api: 'Integration' };

export function sourceInWords(source: string | null, deviceId: string | null): string {
  const name = source ? (sourceWords[source] ?? source) : 'Device';
  return deviceId ? `${name} · ${deviceId}` : name;
}
