import { useQueryClient } from '@tanstack/react-query';
import { webDeskContracts } from '@studio/shared/contracts/web-desk';
import type { TodayEvent, TodaySummary } from '@studio/shared/web-app';
import { useEffect, useState } from 'react';
import { contractKey, useContractQuery } from './call.ts';
import { apiBase } from './http.ts';

const todayKey = (locationId: string) => contractKey(webDeskContracts.webToday, { query: { location_id: locationId } });

export function useToday(locationId: string) {
  return useContractQuery(
    webDeskContracts.webToday,
    { query: { location_id: locationId } },
    // The stream keeps the page current; a slow poll catches a day change and events missed while reconnecting.
    { refetchInterval: 60_000 },
  );
}

/** An event from the stream folded into the summary: newest first, each row once, counters moved once. */
export function withEvent(summary: TodaySummary, event: TodayEvent): TodaySummary {
  if (event.location_id !== summary.location_id || summary.events.some((known) => known.id === event.id)) return summary;
  return {
    ...summary,
    checked_in: summary.checked_in + (event.kind === 'visit' ? 1 : 0),
    refused: summary.refused + (event.kind === 'denial' ? 1 : 0),
    events: [event, ...summary.events].slice(0, 50),
  };
}

export type StreamState = { live: true } | { live: false; lastEventAt: string | null };

/** The live feed: EventSource reconnects by itself; the page shows Live or Reconnecting meanwhile. */
export function useTodayStream(locationId: string): StreamState {
  const client = useQueryClient();
  const [state, setState] = useState<StreamState>({ live: false, lastEventAt: null });
  useEffect(() => {
    let lastEventAt: string | null = null;
    const source = new EventSource(`${apiBase}/today/stream?location_id=${encodeURIComponent(locationId)}`, { withCredentials: true });
    source.onopen = () => {
      setState({ live: true });
      // Whatever happened while the stream was down is in the summary.
      void client.invalidateQueries({ queryKey: todayKey(locationId) });
    };
    source.onerror = () => setState({ live: false, lastEventAt });
    source.onmessage = (message: MessageEvent<string>) => {
      let event: TodayEvent;
      try {
        event = JSON.parse(message.data) as TodayEvent;
      } catch {
        return;
      }
      lastEventAt = event.at;
      client.setQueryData<TodaySummary>(todayKey(locationId), (summary) => (summary ? withEvent(summary, event) : summary));
    };
    return () => source.close();
  }, [client, locationId]);
  return state;
}
