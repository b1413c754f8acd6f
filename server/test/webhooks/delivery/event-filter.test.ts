import { describe, expect, it } from 'vitest';
import { endpointTakes } from '../../../src/modules/webhooks/delivery/fan-out.js';

describe("an endpoint's event types", () => {
  it('take the types listed, or every type with "*"', () => {
    expect(endpointTakes('["*"]', 'class.cancelled')).toBe(true);
    expect(endpointTakes('["booking.created","booking.cancelled"]', 'booking.cancelled')).toBe(true);
    expect(endpointTakes('["booking.created"]', 'booking.cancelled')).toBe(false);
  });

  it('take nothing when the stored list is damaged, rather than stopping the fan-out', () => {
    expect(endpointTakes('not json', 'booking.created')).toBe(false);
    expect(endpointTakes('{"*":true}', 'booking.created')).toBe(false);
  });
});
