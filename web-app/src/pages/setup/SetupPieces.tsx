import { Button, Group, Stack, Table } from '@mantine/core';
import type { ContractQueryInput, ContractResult, RouteContract } from '@studio/shared/contracts';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useContractQuery, type CallInput } from '../../api/call.ts';
import { useSetupSave, type SetupBody, type SetupWrites } from '../../api/setup.ts';
import { Dialog } from '../../components/Dialog.tsx';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { errorFor, formError } from './SetupFrame.tsx';

/**
 * What every setup screen is made of: a table over a list contract and a form dialog over a
 * create and an update contract, so a new setup screen names its contracts, columns and fields.
 */

type Row<C extends RouteContract> = ContractResult<C> extends { data: readonly (infer R)[] } ? R : never;

const numeric = { textAlign: 'right', fontVariantNumeric: 'tabular-nums' } as const;

export interface SetupColumn<R> {
  header: string;
  cell: (row: R) => ReactNode;
  /** A number: right-aligned, in tabular figures. */
  numeric?: boolean;
  /** The row's name, in bold. */
  strong?: boolean;
}

/** A setup list: the rows `list` answers for `query`, one per line, an action per row for those who may, and `empty` when there are none. */
export function SetupTable<C extends RouteContract>({
  label,
  list,
  query,
  columns,
  action,
  empty,
}: {
  label: string;
  list: C;
  query?: ContractQueryInput<C>;
  columns: SetupColumn<Row<C>>[];
  action?: { header: string; cell: (row: Row<C>) => ReactNode } | null;
  empty: ReactNode;
}) {
  const rows = useContractQuery(list as RouteContract, (query === undefined ? {} : { query }) as CallInput<RouteContract>);
  const data = ((rows.data as { data?: Row<C>[] } | undefined)?.data ?? []) as (Row<C> & { id: string })[];
  return (
    <>
      <ErrorAlert error={rows.error} />
      <Table aria-label={label} striped>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column) => (
              <Table.Th key={column.header} style={column.numeric ? { textAlign: 'right' } : undefined}>
                {column.header}
              </Table.Th>
            ))}
            {action ? <Table.Th>{action.header}</Table.Th> : null}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {data.map((row) => (
            <Table.Tr key={row.id}>
              {columns.map((column) => (
                <Table.Td key={column.header} fw={column.strong ? 600 : undefined} style={column.numeric ? numeric : undefined}>
                  {column.cell(row)}
                </Table.Td>
              ))}
              {action ? <Table.Td>{action.cell(row)}</Table.Td> : null}
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      {rows.isSuccess && data.length === 0 ? <p>{empty}</p> : null}
    </>
  );
}

/**
 * A setup form in a dialog, saved through `writes` (a create, or an update of `writes.id`): the
 * refusal that names none of `fields` above them, each field's own beside it (`children` gets the
 * lookup), then Cancel and `submitLabel`. `body` answers null when the form itself refused.
 */
export function SetupFormDialog<const W extends SetupWrites>({
  writes,
  title,
  fields,
  submitLabel,
  body,
  onClose,
  children,
}: {
  writes: W;
  title: string;
  fields: readonly string[];
  submitLabel: string;
  body: () => SetupBody<W> | null;
  onClose: () => void;
  children: (fieldError: (param: string) => string | undefined) => ReactNode;
}) {
  const { t } = useTranslation('setup');
  const save = useSetupSave(writes);
  function submit(event: React.FormEvent) {
    event.preventDefault();
    const sent = body();
    if (sent !== null) save.mutate(sent, { onSuccess: onClose });
  }
  return (
    <Dialog opened onClose={onClose} title={title}>
      <form onSubmit={submit} noValidate>
        <Stack>
          <ErrorAlert error={formError(save.error, fields)} />
          {children((param) => errorFor(save.error, param))}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              {t('cancel')}
            </Button>
            <Button type="submit" loading={save.isPending}>
              {submitLabel}
            </Button>
          </Group>
        </Stack>
      </form>
    </Dialog>
  );
}
