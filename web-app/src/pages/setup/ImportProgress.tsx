import { Progress, Stack, Text } from '@mantine/core';
import { webImportContracts } from '@studio/shared/contracts/web-import';
import type { ImportRun } from '@studio/shared/schemas/web-import';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useContractQuery } from '../../api/call.ts';

/** How often the page asks where a running import stands: often enough to move, rarely enough to cost nothing. */
const pollEveryMs = 500;

/** Where a run stands in words: its kind and phase, and rows written of all once it writes. */
function caption(t: TFunction<'import'>, run: ImportRun): string {
  if (run.phase === 'done') return t('progress.done');
  if (run.kind === 'dry_run') return run.phase === 'reading' ? t('progress.dry_run.reading') : t('progress.dry_run.checking');
  if (run.phase === 'writing') return t('progress.commit.writing', { written: run.rows_written, total: run.rows_total });
  return run.phase === 'reading' ? t('progress.commit.reading') : t('progress.commit.checking');
}

/** The share written, when it is known (writing, or done); null while reading or checking. */
function percent(run: ImportRun): number | null {
  if (run.phase === 'done') return 100;
  if (run.phase !== 'writing' || run.rows_total === 0) return null;
  return Math.min(100, Math.round((run.rows_written / run.rows_total) * 100));
}

/**
 * The business's running import as a progress bar, polled from the server while this is shown:
 * during this page's own dry run or commit, or, after the server refused one because another import
 * runs (`untilRunEnds`), until that one has finished. Shown only then, so a finished run's last
 * answer is never the next run's first picture (the answer is dropped when the bar goes).
 */
export function ImportProgressBar({ untilRunEnds = false }: { untilRunEnds?: boolean }) {
  const { t } = useTranslation('import');
  const progress = useContractQuery(
    webImportContracts.webImportProgress,
    {},
    {
      // The own request may start before the server has registered its run, so it polls until the bar goes.
      refetchInterval: (query) => (!untilRunEnds || query.state.data?.running !== null ? pollEveryMs : false),
      gcTime: 0,
    },
  );
  const run = progress.data?.running;
  if (!run) return null;
  const text = caption(t, run);
  const value = percent(run);
  return (
    <Stack gap={4} maw={560}>
      <Text size="sm">{text}</Text>
      <Progress.Root size="lg">
        <Progress.Section
          withAria={false}
          role="progressbar"
          aria-label={t('progress.label')}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={value ?? undefined}
          aria-valuetext={text}
          value={value ?? 100}
          striped={value === null}
          animated={value === null}
        />
      </Progress.Root>
    </Stack>
  );
}
