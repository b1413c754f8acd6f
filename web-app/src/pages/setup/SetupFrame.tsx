import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { NavLink, useLocation as useRouterLocation } from 'react-router';
import { ManagersOnly } from '../../components/ManagersOnly.tsx';

export const setupPages = [
  { to: '/setup/locations', label: 'Locations' },
  { to: '/setup/staff', label: 'Staff' },
  { to: '/setup/rooms', label: 'Rooms' },
  { to: '/setup/services', label: 'Services' },
  { to: '/setup/plans', label: 'Plans' },
  { to: '/setup/packages', label: 'Packages' },
  { to: '/setup/gift-cards', label: 'Gift cards' },
] as const;

/** A setup sub-page: its title, the setup pages' own navigation, and the page (owners and managers only). */
export function SetupFrame({ title, intro, action, children }: { title: string; intro: string; action?: ReactNode; children: ReactNode }) {
  const here = useRouterLocation();
  return (
    <ManagersOnly title={title} what="The business's setup">
      <Stack>
        <nav aria-label="Setup">
          <Group gap="xs">
            {setupPages.map((page) => (
              <Button key={page.to} component={NavLink} to={page.to} size="sm" variant={here.pathname === page.to ? 'filled' : 'default'}>
                {page.label}
              </Button>
            ))}
          </Group>
        </nav>
        <Group justify="space-between">
          <Title order={1}>{title}</Title>
          {action}
        </Group>
        <Text>{intro}</Text>
        {children}
      </Stack>
    </ManagersOnly>
  );
}

/** The server's message for one field, when its refusal named that field (`param`). */
export function errorFor(error: unknown, param: string): string | undefined {
  const named = error as { param?: string | null; message?: string } | null;
  return named?.param === param ? named.message : undefined;
}

/** The refusal when it named no field of the form (shown in the form's alert instead). */
export function formError(error: unknown, shown: readonly string[] | ((param: string) => boolean)): unknown {
  const param = (error as { param?: string | null } | null)?.param;
  if (!param) return error;
  return (typeof shown === 'function' ? shown(param) : shown.includes(param)) ? null : error;
}
