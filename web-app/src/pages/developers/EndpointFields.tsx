import { TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { WebhookEndpointCreate } from '@studio/shared/schemas/webhooks';
import type { z } from 'zod';
import { ApiRequestError } from '../../api/http.ts';
import { fieldErrors } from '../../format/form-errors.ts';
import { EventTypeChecklist } from './EventTypeChecklist.tsx';
import type { DevelopersT } from './words.ts';

/** What a person sets on an endpoint, when adding it and when editing it. */
export interface EndpointDraft {
  url: string;
  description: string;
  event_types: string[];
}

/** The draft checked with the API's own schema, each problem as a sentence for its field. */
export function checkDraft(t: DevelopersT, draft: EndpointDraft): { endpoint: z.infer<typeof WebhookEndpointCreate> | null; problems: Record<string, string> } {
  const parsed = WebhookEndpointCreate.safeParse({ url: draft.url.trim(), event_types: draft.event_types, description: draft.description.trim(), enabled: true });
  if (parsed.success) return { endpoint: parsed.data, problems: {} };
  const problems = fieldErrors(parsed.error);
  if (problems.url) problems.url = t('fields.url_invalid');
  if (problems.event_types) problems.event_types = t('fields.events_missing');
  return { endpoint: null, problems };
}

const fields = new Set(['url', 'event_types', 'description', 'password']);

/** The server's refusal when it names one of the form's fields (a URL it will not send to): shown beside it, not above the form. */
export function refusalOfField(error: unknown): ApiRequestError | null {
  return error instanceof ApiRequestError && error.param !== null && fields.has(error.param) ? error : null;
}

export function EndpointFields({ draft, onChange, errorOf }: { draft: EndpointDraft; onChange: (draft: EndpointDraft) => void; errorOf: (field: string) => string | undefined }) {
  const { t } = useTranslation('developers');
  return (
    <>
      <TextInput
        label={t('fields.url')}
        description={t('fields.url_hint')}
        value={draft.url}
        onChange={(e) => onChange({ ...draft, url: e.currentTarget.value })}
        error={errorOf('url')}
        inputMode="url"
        autoComplete="off"
        data-autofocus
      />
      <TextInput
        label={t('fields.description')}
        description={t('fields.description_hint')}
        value={draft.description}
        onChange={(e) => onChange({ ...draft, description: e.currentTarget.value })}
        error={errorOf('description')}
      />
      <EventTypeChecklist value={draft.event_types} onChange={(event_types) => onChange({ ...draft, event_types })} error={errorOf('event_types')} />
    </>
  );
}
