import { Checkbox, Fieldset, Group, SimpleGrid, Stack, Text } from '@mantine/core';
import type { EventType } from '@studio/shared/schemas/events';
import { eventTypeGroups } from './words.ts';

/**
 * Which events an endpoint receives: every event (`*`, which also takes types added later) or
 * a choice from the types grouped by resource; a group's box takes or clears the whole group.
 */
export function EventTypeChecklist({ value, onChange, error }: { value: string[]; onChange: (value: string[]) => void; error?: string | undefined }) {
  const all = value.includes('*');
  const chosen = new Set(value);
  const toggleGroup = (types: EventType[], on: boolean) => {
    const rest = value.filter((type) => !types.includes(type as EventType));
    onChange(on ? [...rest, ...types] : rest);
  };
  return (
    <Fieldset legend="Events to send" variant="unstyled">
      <Stack gap="xs">
        <Checkbox label="All events, including ones added later" checked={all} onChange={(e) => onChange(e.currentTarget.checked ? ['*'] : [])} />
        <Checkbox.Group value={all ? [] : value} onChange={onChange}>
          <SimpleGrid cols={{ base: 2, md: 3 }} spacing="md" verticalSpacing="md">
            {eventTypeGroups.map((group) => {
              const taken = group.types.filter((type) => chosen.has(type)).length;
              return (
                <Stack key={group.resource} gap={6}>
                  <Checkbox
                    label={<Text fw={600}>{group.label}</Text>}
                    checked={!all && taken === group.types.length}
                    indeterminate={!all && taken > 0 && taken < group.types.length}
                    disabled={all}
                    onChange={(e) => toggleGroup(group.types, e.currentTarget.checked)}
                  />
                  <Group gap={6} pl="lg" style={{ flexDirection: 'column', alignItems: 'flex-start' }}>
                    {group.types.map((type) => (
                      <Checkbox key={type} value={type} label={<code>{type}</code>} disabled={all} size="sm" />
                    ))}
                  </Group>
                </Stack>
              );
            })}
          </SimpleGrid>
        </Checkbox.Group>
        {error ? (
          <Text c="red.9" size="sm" role="alert">
            {error}
          </Text>
        ) : null}
      </Stack>
    </Fieldset>
  );
}
