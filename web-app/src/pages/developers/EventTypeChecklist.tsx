import { Checkbox, Fieldset, SimpleGrid, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { EventType } from '@studio/shared/schemas/events';
import { eventGroupLabel, eventTypeGroups } from './words.ts';

/**
 * Which events an endpoint receives: every event (`*`, which also takes types added later) or
 * a choice from the types grouped by resource; a group's box takes or clears the whole group.
 * Plain checkboxes, not Mantine's Checkbox.Group: inside one, a group's own box would be read as
 * one more value of the list.
 */
export function EventTypeChecklist({ value, onChange, error }: { value: string[]; onChange: (value: string[]) => void; error?: string | undefined }) {
  const { t } = useTranslation('developers');
  const all = value.includes('*');
  const chosen = new Set(all ? [] : value);
  const set = (types: EventType[], on: boolean) => {
    const rest = [...chosen].filter((type) => !types.includes(type as EventType));
    onChange(on ? [...rest, ...types] : rest);
  };
  return (
    <Fieldset legend={t('fields.events')} variant="unstyled">
      <Stack gap="sm">
        <Checkbox label={t('events.all')} checked={all} onChange={(e) => onChange(e.currentTarget.checked ? ['*'] : [])} />
        <SimpleGrid cols={2} spacing="md" verticalSpacing="md">
          {eventTypeGroups.map((group) => {
            const taken = group.types.filter((type) => chosen.has(type)).length;
            return (
              <Stack key={group.resource} gap={6}>
                <Checkbox
                  label={<Text fw={600}>{eventGroupLabel(t, group.resource)}</Text>}
                  checked={taken === group.types.length}
                  indeterminate={taken > 0 && taken < group.types.length}
                  disabled={all}
                  onChange={(e) => set(group.types, e.currentTarget.checked)}
                />
                <Stack gap={6} pl="lg">
                  {group.types.map((type) => (
                    <Checkbox key={type} label={<code>{type}</code>} size="sm" checked={chosen.has(type)} disabled={all} onChange={(e) => set([type], e.currentTarget.checked)} />
                  ))}
                </Stack>
              </Stack>
            );
          })}
        </SimpleGrid>
        {error ? (
          <Text c="red.9" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
