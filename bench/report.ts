export interface Measurement {
  scenario: string;
  dialect: string;
  rps: number;
  p50: number;
  p99: number;
  cpuUsPerRequest: number;
  peakRssMb: number;
  requests: number;
  /** Answers outside 2xx: business refusals (a past-due member's 422) as well as failures. */
  non2xx: number;
  /** Connection errors and timeouts. */
  errors: number;
}

const baselineName = 'bare Fastify route (baseline)';

/** A Markdown table and a JSON document; every figure next to its ratio to the same run's bare route. */
export function renderReport(measurements: Measurement[], settings: Record<string, unknown>) {
  const rows = measurements.map((m) => {
    const baseline = measurements.find((b) => b.dialect === m.dialect && b.scenario === baselineName)!;
    return { ...m, ratio: m.rps / baseline.rps };
  });
  const lines = [
    `# Benchmark ${new Date().toISOString()}`,
    '',
    `Settings: ${Object.entries(settings).map(([k, v]) => `${k}=${String(v)}`).join(', ')}. Median of the rounds; ratio = req/s over the bare route's req/s in the same run and dialect block.`,
    '',
    '| dialect | scenario | req/s | ratio | p50 ms | p99 ms | server CPU µs/req | peak RSS MB | requests | non-2xx | errors |',
    '|---|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|',
    ...rows.map(
      (r) =>
        `| ${r.dialect} | ${r.scenario} | ${Math.round(r.rps)} | ${r.ratio.toFixed(2)} | ${r.p50} | ${r.p99} | ${Math.round(r.cpuUsPerRequest)} | ${Math.round(r.peakRssMb)} | ${r.requests} | ${r.non2xx} | ${r.errors} |`,
    ),
    '',
    'The data set gives 5% of members a past-due membership, so check-in answers about 5% 422 `checkin_blocked` by design.',
    '',
  ];
  return { markdown: lines.join('\n'), json: { settings, measurements: rows } };
}
