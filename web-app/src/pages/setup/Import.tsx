import { Alert, Button, FileInput, Group, List, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { webImportContracts } from '@studio/shared/contracts/web-import';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { call, type BodyOf, type ResultOf } from '../../api/call.ts';
import { ApiRequestError } from '../../api/http.ts';
import { useSignedIn } from '../../api/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { countPhrases } from '../../format/import-counts.ts';
import { ImportProgressBar } from './ImportProgress.tsx';

/** The server reads at most 1 MiB of a request; a bigger file goes through the command line. */
const largestUpload = 1024 * 1024;

/** The import file's section naming what is here already: a key of the file, so the same in every language. */
const existingSection = 'existing';
/** Stands for that section in the intro, so its name can be set as code wherever a language puts it. */
const sectionMark = '\u0000';

/** Refused because another import of this business runs: the page then shows how far that one is. */
const anotherRuns = (error: unknown) => error instanceof ApiRequestError && error.code === 'import_in_progress';

/**
 * The owner's import and export: a JSON import file is dry-run (every problem at once, what it would
 * create), then exactly that content is committed; the export downloads the business as such a
 * file. Each asks for the password again.
 */
export function ImportExportPage() {
  const { t } = useTranslation('import');
  const session = useSignedIn();
  const [password, setPassword] = useState('');
  if (session.account.role !== 'owner') {
    return (
      <Stack>
        <Title order={1}>{t('title')}</Title>
        <Alert role="alert" color="red.9" variant="light">
          {t('owners_only')}
        </Alert>
      </Stack>
    );
  }
  const [beforeSection, afterSection] = t('intro', { company: session.company.name, section: sectionMark }).split(sectionMark);
  return (
    <Stack maw={900}>
      <Title order={1}>{t('title')}</Title>
      <Text>
        {beforeSection}
        <code>{existingSection}</code>
        {afterSection}
      </Text>
      <PasswordInput label={t('password')} description={t('password_hint')} value={password} onChange={(e) => setPassword(e.currentTarget.value)} maw={420} autoComplete="current-password" />
      <ImportSection password={password} />
      <ExportSection password={password} companyName={session.company.name} />
    </Stack>
  );
}

/** A file the server has checked, with its report: what the commit sends back with the report's hash. */
interface Checked {
  file: BodyOf<'webImportDryRun'>['file'];
  report: ResultOf<'webImportDryRun'>;
}

function ImportSection({ password }: { password: string }) {
  const { t } = useTranslation('import');
  const [chosen, setChosen] = useState<File | null>(null);
  const [readError, setReadError] = useState<string | null>(null);
  const [checked, setChecked] = useState<Checked | null>(null);
  const dryRun = useMutation({
    mutationFn: async (file: Checked['file']) => ({ file, report: await call(webImportContracts.webImportDryRun, { body: { password, file } }) }),
    onSuccess: (result) => setChecked(result),
  });
  const commit = useMutation({
    mutationFn: (dry: Checked) => call(webImportContracts.webImportCommit, { body: { password, file: dry.file, sha256: dry.report.sha256 } }),
  });

  function choose(file: File | null) {
    setChosen(file);
    setChecked(null);
    setReadError(null);
    dryRun.reset();
    commit.reset();
  }

  async function runDryRun() {
    setReadError(null);
    setChecked(null);
    commit.reset();
    if (!chosen) return setReadError(t('import.choose_first'));
    if (chosen.size > largestUpload) return setReadError(t('import.too_large'));
    let parsed: unknown;
    try {
      parsed = JSON.parse(await chosen.text());
    } catch (error) {
      return setReadError(t('import.not_json', { reason: (error as Error).message }));
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return setReadError(t('import.not_an_import'));
    dryRun.mutate(parsed as Record<string, unknown>);
  }

  const report = checked?.report;
  const refusal = commit.error instanceof ApiRequestError ? ((commit.error.details?.problems as string[] | undefined) ?? []) : [];
  const running = dryRun.isPending || commit.isPending;
  const otherRunning = !running && (anotherRuns(dryRun.error) || anotherRuns(commit.error));
  const created = commit.data ? countPhrases(t, commit.data.created) : [];
  return (
    <Stack component="section" aria-labelledby="import-heading">
      <Title order={2} id="import-heading">
        {t('import.title')}
      </Title>
      <Group align="flex-end">
        <FileInput label={t('import.file')} placeholder={t('import.file_placeholder')} accept="application/json,.json" value={chosen} onChange={choose} w={420} />
        <Button onClick={() => void runDryRun()} loading={dryRun.isPending} disabled={commit.isPending}>
          {t('import.dry_run')}
        </Button>
      </Group>
      {readError ? (
        <Alert role="alert" color="red.9" variant="light">
          {readError}
        </Alert>
      ) : null}
      <ErrorAlert error={dryRun.error} />
      {running || otherRunning ? <ImportProgressBar untilRunEnds={otherRunning} /> : null}
      {report ? <DryRunReport report={report} /> : null}
      {report?.ok && !commit.isSuccess ? (
        <Group>
          <Button onClick={() => commit.mutate(checked!)} loading={commit.isPending}>
            {t('import.commit')}
          </Button>
          <Text size="sm">{t('import.commit_hint')}</Text>
        </Group>
      ) : null}
      <ErrorAlert error={commit.error} title={t('import.nothing_imported')} />
      {refusal.length ? <ProblemList problems={refusal} label={t('import.commit_problems')} /> : null}
      {commit.data ? (
        <Alert color="green.9" variant="light" title={t('import.imported')} role="status">
          <Text size="sm">{t('import.created', { list: created.join(', ') })}</Text>
          <Text size="sm" mt={4}>
            {t('import.choose_another')}
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

function DryRunReport({ report }: { report: Checked['report'] }) {
  const { t } = useTranslation('import');
  const wouldCreate = countPhrases(t, report.would_create);
  const list = wouldCreate.join(', ');
  return (
    <Stack gap="xs" aria-live="polite">
      {report.ok ? (
        <Alert color="green.9" variant="light" title={t('dry.ok')}>
          <Text size="sm">{wouldCreate.length ? t('dry.would_create', { list }) : t('dry.would_create_nothing')}</Text>
        </Alert>
      ) : (
        <Alert color="red.9" variant="light" title={t('dry.refused', { count: report.problems.length })}>
          <Text size="sm">
            {t('dry.fix')} {wouldCreate.length ? t('dry.valid_would_create', { list }) : null}
          </Text>
        </Alert>
      )}
      {report.problems.length ? <ProblemList problems={report.problems} label={t('dry.problems')} /> : null}
    </Stack>
  );
}

/** Each problem as `path: message`, the path (the entry and field) set apart so the eye finds it in the file. */
function ProblemList({ problems, label }: { problems: string[]; label: string }) {
  return (
    <List aria-label={label} spacing={4} size="sm">
      {problems.map((problem, index) => {
        const split = problem.indexOf(': ');
        return (
          <List.Item key={index}>
            <Text span ff="monospace" fw={600} size="sm">
              {split > 0 ? problem.slice(0, split) : problem}
            </Text>
            {split > 0 ? `: ${problem.slice(split + 2)}` : null}
          </List.Item>
        );
      })}
    </List>
  );
}

function ExportSection({ password, companyName }: { password: string; companyName: string }) {
  const { t } = useTranslation('import');
  const download = useMutation({
    mutationFn: () => call(webImportContracts.webExport, { body: { password } }),
    onSuccess: (file) => {
      const blob = new Blob([JSON.stringify(file, null, 2) + '\n'], { type: 'application/json' });
      const url = URL.createObjectURL(blob);
      const link = document.createElement('a');
      link.href = url;
      link.download = `${
        companyName
          .toLowerCase()
          .replace(/[^a-z0-9]+/g, '-')
          .replace(/^-|-$/g, '') || 'studio'
      }-export.json`;
      document.body.append(link);
      link.click();
      link.remove();
      URL.revokeObjectURL(url);
    },
  });
  return (
    <Stack component="section" aria-labelledby="export-heading">
      <Title order={2} id="export-heading">
        {t('export.title')}
      </Title>
      <Text>{t('export.intro')}</Text>
      <Group>
        <Button variant="default" onClick={() => download.mutate()} loading={download.isPending}>
          {t('export.download')}
        </Button>
        {download.isSuccess ? <Text size="sm">{t('export.done')}</Text> : null}
      </Group>
      <ErrorAlert error={download.error} />
    </Stack>
  );
}
