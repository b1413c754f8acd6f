import { Button, Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation as useRouterLocation } from 'react-router';
import { ManagersOnly } from '../../components/ManagersOnly.tsx';

export const setupPages = [
  { to: '/setup/locations', label: 'nav.locations' },
  { to: '/setup/staff', label: 'nav.staff' },
  { to: '/setup/rooms', label: 'nav.rooms' },
  { to: '/setup/services', label: 'nav.services' },
  { to: '/setup/plans', label: 'nav.plans' },
  { to: '/setup/packages', label: 'nav.packages' },
  { to: '/setup/gift-cards', label: 'nav.gift_cards' },
  { to: '/setup/emails', label: 'nav.emails' },
] as const;

/** A setup sub-page: its title, the setup pages' own navigation, and the page (owners and managers only). */
export function SetupFrame({ title, intro, action, children }: { title: string; intro: string; action?: ReactNode; children: ReactNode }) {
  const { t } = useTranslation('setup');
  const here = useRouterLocation();
  return (
    <ManagersOnly title={title} refusal={t('frame.managers_only')}>
      <Stack>
        <nav aria-label={t('nav.label')}>
          <Group gap="xs">
            {setupPages.map((page) => (
              <Button key={page.to} component={NavLink} to={page.to} size="sm" variant={here.pathname === page.to ? 'filled' : 'default'}>
                {t(page.label)}
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
