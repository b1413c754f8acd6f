import { Alert, Button, FileInput, Group, List, PasswordInput, Stack, Text, Title } from '@mantine/core';
import { useMutation } from '@tanstack/react-query';
import { webImportContracts } from '@studio/shared/contracts/web-import';
import { useState } from 'react';
import { call, type BodyOf, type ResultOf } from '../../api/call.ts';
import { ApiRequestError } from '../../api/http.ts';
import { useSignedIn } from '../../api/session.ts';
import { ErrorAlert } from '../../components/ErrorAlert.tsx';
import { countPhrases } from '../../format/import-counts.ts';

/** The server reads at most 1 MiB of a request; a bigger file goes through the command line. */
const largestUpload = 1024 * 1024;

/**
 * The owner's import and export: a JSON import file is dry-run (every problem at once, what it would
 * create), then exactly that content is committed; the export downloads the business as such a
 * file. Each asks for the password again.
 */
export function ImportExportPage() {
  const session = useSignedIn();
  const [password, setPassword] = useState('');
  if (session.account.role !== 'owner') {
    return (
      <Stack>
        <Title order={1}>Import and export</Title>
        <Alert role="alert" color="red.9" variant="light">
          Importing and exporting the business is for an owner. Ask one of them.
        </Alert>
      </Stack>
    );
  }
  return (
    <Stack maw={900}>
      <Title order={1}>Import and export</Title>
      <Text>
        Move a business in or out as one JSON file in the import format (docs/import-format.md). An import adds its entries to {session.company.name}; its <code>existing</code> section names what is
        here already.
      </Text>
      <PasswordInput
        label="Your password"
        description="Asked again for every import and export"
        value={password}
        onChange={(e) => setPassword(e.currentTarget.value)}
        maw={420}
        autoComplete="current-password"
      />
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
    if (!chosen) return setReadError('Choose the import file first.');
    if (chosen.size > largestUpload) return setReadError('The file is larger than 1 MiB. Import it on the server with `studio import FILE --dry-run`, then `studio import FILE`.');
    let parsed: unknown;
    try {
      parsed = JSON.parse(await chosen.text());
    } catch (error) {
      return setReadError(`This file is not JSON: ${(error as Error).message}. Save it as JSON (UTF-8) and choose it again.`);
    }
    if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) return setReadError('This file is JSON, but not an import file: it must be one object, starting with "version": 1.');
    dryRun.mutate(parsed as Record<string, unknown>);
  }

  const report = checked?.report;
  const refusal = commit.error instanceof ApiRequestError ? ((commit.error.details?.problems as string[] | undefined) ?? []) : [];
  return (
    <Stack component="section" aria-labelledby="import-heading">
      <Title order={2} id="import-heading">
        Import
      </Title>
      <Group align="flex-end">
        <FileInput label="Import file (JSON)" placeholder="Choose a file" accept="application/json,.json" value={chosen} onChange={choose} w={420} />
        <Button onClick={() => void runDryRun()} loading={dryRun.isPending} disabled={commit.isPending}>
          Dry run
        </Button>
      </Group>
      {readError ? (
        <Alert role="alert" color="red.9" variant="light">
          {readError}
        </Alert>
      ) : null}
      <ErrorAlert error={dryRun.error} />
      {report ? <DryRunReport report={report} /> : null}
      {report?.ok && !commit.isSuccess ? (
        <Group>
          <Button onClick={() => commit.mutate(checked!)} loading={commit.isPending}>
            Commit import
          </Button>
          <Text size="sm">Imports exactly the file that was dry-run, all or nothing.</Text>
        </Group>
      ) : null}
      <ErrorAlert error={commit.error} title="Nothing was imported" />
      {refusal.length ? <ProblemList problems={refusal} label="Problems found at commit" /> : null}
      {commit.data ? (
        <Alert color="green.9" variant="light" title="Imported" role="status">
          <Text size="sm">Created {countPhrases(commit.data.created).join(', ')}.</Text>
          <Text size="sm" mt={4}>
            Choose another file to import more.
          </Text>
        </Alert>
      ) : null}
    </Stack>
  );
}

function DryRunReport({ report }: { report: Checked['report'] }) {
  const wouldCreate = countPhrases(report.would_create);
  return (
    <Stack gap="xs" aria-live="polite">
      {report.ok ? (
        <Alert color="green.9" variant="light" title="Dry run: no problem found">
          <Text size="sm">Would create {wouldCreate.length ? wouldCreate.join(', ') : 'nothing'}. Nothing has been written yet.</Text>
        </Alert>
      ) : (
        <Alert color="red.9" variant="light" title={`Dry run: ${report.problems.length === 1 ? '1 problem' : `${report.problems.length} problems`}, nothing can be imported yet`}>
          <Text size="sm">Fix every problem in the file, choose it again and dry-run it. {wouldCreate.length ? `Its valid entries would create ${wouldCreate.join(', ')}.` : ''}</Text>
        </Alert>
      )}
      {report.problems.length ? <ProblemList problems={report.problems} label="Problems" /> : null}
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
        Export
      </Title>
      <Text>
        The whole business as an import file: locations, staff and their hours, rooms, services, plans, packages, contacts with their memberships and cards, gift cards and the timetable. It holds
        personal data and card numbers, so keep it safe. It holds no API key, staff account or password; visits, bookings and sales are not in it (a backup copies those).
      </Text>
      <Group>
        <Button variant="default" onClick={() => download.mutate()} loading={download.isPending}>
          Download export
        </Button>
        {download.isSuccess ? <Text size="sm">Downloaded.</Text> : null}
      </Group>
      <ErrorAlert error={download.error} />
    </Stack>
  );
}
