import { isDeepStrictEqual } from 'node:util';
import type { FieldValues } from '@procedo/client-api';
import type { CrashClient } from './crash-client';

// The checks of the crash cycles after each restart (see crash-cycles.ts).

export const SUPPLIERS = 'api/v1/forms/102/records';
export const PROCESSES = 'api/v1/user/system/user-processes';

/** What the server acknowledged. */
export interface Ledger {
  /** Record id → acknowledged version → the values answered for it. */
  records: Map<number, Map<number, FieldValues>>;
  /** Process id → its step ids and the steps an acknowledged run completed. */
  processes: Map<number, { steps: number[]; done: Set<number> }>;
  /** File id → the bytes acknowledged. */
  files: Map<string, Buffer>;
}

export interface Touched {
  records: Set<number>;
  processes: Set<number>;
  files: Set<string>;
}

export async function readJson<T>(
  client: CrashClient,
  pathname: string,
): Promise<{ status: number; body: T }> {
  const response = await client.fetch(pathname);
  const text = await response.text();
  return { status: response.status, body: (response.status === 200 ? JSON.parse(text) : text) as T };
}

export interface Report {
  lost(what: string): void;
  half(what: string): void;
}

/** Checks the touched records, processes and files against the ledger (see {@link runCrashCycles}). */
export async function check(
  client: CrashClient,
  ledger: Ledger,
  touched: Touched,
  report: Report,
): Promise<void> {
  for (const id of touched.records) await checkRecord(client, id, ledger.records.get(id), report);
  for (const id of touched.processes) await checkProcess(client, id, ledger.processes.get(id)!, report);
  for (const id of touched.files) {
    const response = await client.fetch(`api/v1/files/${id}`);
    const bytes = Buffer.from(await response.arrayBuffer());
    if (response.status !== 200) report.lost(`file ${id}: ${response.status}`);
    else if (!bytes.equals(ledger.files.get(id)!))
      report.lost(
        `file ${id}: ${bytes.length} bytes read back, ${ledger.files.get(id)!.length} acknowledged`,
      );
  }
}

export async function checkRecord(
  client: CrashClient,
  id: number,
  acknowledged: Map<number, FieldValues> | undefined,
  report: Report,
): Promise<void> {
  const current = await readJson<{ Version: number }>(client, `${SUPPLIERS}/${id}`);
  if (current.status !== 200) {
    if (acknowledged) report.lost(`record ${id}: read answered ${current.status}`);
    else report.half(`record ${id}: written to, now answers ${current.status}`);
    return;
  }
  const { body: list } = await readJson<{ Items: { Version: number }[] }>(
    client,
    `${SUPPLIERS}/${id}/versions`,
  );
  const versions = list.Items.map((item) => item.Version).sort((a, b) => a - b);
  const count = versions.length;
  if (current.body.Version !== count || versions.some((version, index) => version !== index + 1)) {
    report.half(`record ${id}: current version ${current.body.Version}, versions [${versions.join(',')}]`);
  }
  for (let version = 1; version <= count; version += 1) {
    const read = await readJson<{ Version: number; Values: FieldValues }>(
      client,
      `${SUPPLIERS}/${id}?version=${version}`,
    );
    if (read.status !== 200 || read.body.Version !== version) {
      report.half(`record ${id}: version ${version} of ${count} answers ${read.status}`);
      continue;
    }
    const expected = acknowledged?.get(version);
    if (expected && !isDeepStrictEqual(read.body.Values, expected)) {
      report.lost(
        `record ${id} version ${version}: read ${JSON.stringify(read.body.Values)}, acknowledged ${JSON.stringify(expected)}`,
      );
    }
  }
  for (const version of acknowledged?.keys() ?? []) {
    if (version > count) report.lost(`record ${id}: acknowledged version ${version}, only ${count} stored`);
  }
  const verify = await readJson<{ Intact: boolean; FirstBadSeq: number | null }>(
    client,
    `${SUPPLIERS}/${id}/audit/verify`,
  );
  if (verify.status !== 200 || !verify.body.Intact) {
    report.half(`record ${id}: audit chain ${JSON.stringify(verify.body)}`);
  }
}

async function checkProcess(
  client: CrashClient,
  id: number,
  acknowledged: { steps: number[]; done: Set<number> },
  report: Report,
): Promise<void> {
  const read = await readJson<{
    State: 'open' | 'completed';
    CurrentStepId: number | null;
    AllSteps: { Id: number; State: 'waiting' | 'active' | 'completed' | 'skipped' }[];
  }>(client, `${PROCESSES}/process/${id}`);
  if (read.status !== 200) return report.lost(`process ${id}: read answered ${read.status}`);
  const { State, CurrentStepId, AllSteps } = read.body;
  if (
    !isDeepStrictEqual(
      AllSteps.map((step) => step.Id),
      acknowledged.steps,
    )
  )
    report.lost(
      `process ${id}: steps ${AllSteps.map((step) => step.Id)}, created with ${acknowledged.steps}`,
    );
  for (const stepId of acknowledged.done) {
    const step = AllSteps.find((candidate) => candidate.Id === stepId);
    if (step?.State !== 'completed')
      report.lost(`process ${id}: step ${stepId} acknowledged done, now ${step?.State}`);
  }
  // Steps run in order: done ones, then the one active step (the current one), then waiting ones.
  const states = AllSteps.map((step) => step.State);
  const active = AllSteps.filter((step) => step.State === 'active');
  const firstOpen = states.findIndex((state) => state === 'active' || state === 'waiting');
  const ordered =
    firstOpen === -1 ||
    (states[firstOpen] === 'active' && states.slice(firstOpen + 1).every((state) => state === 'waiting'));
  const consistent =
    State === 'open'
      ? active.length === 1 && active[0]!.Id === CurrentStepId && ordered
      : CurrentStepId === null && active.length === 0 && firstOpen === -1;
  if (!consistent)
    report.half(`process ${id}: ${State}, current ${CurrentStepId}, steps ${states.join(',')}`);
}

/** A record create sent and not acknowledged: it may have been stored, but only whole. */
export interface UnacknowledgedCreate {
  values: { Name: string } & FieldValues;
  key: string;
}

/**
 * Finds an unacknowledged create by its unique name. When stored, it must be whole (as
 * {@link checkRecord}, with the values sent in its first version), stored once, and its
 * `Idempotency-Key` must answer it again (the key's answer commits with the create), not create it
 * again nor be left in progress. Says whether it was stored.
 */
export async function checkUnacknowledgedCreate(
  client: CrashClient,
  create: UnacknowledgedCreate,
  report: Report,
): Promise<'absent' | 'present'> {
  const name = create.values.Name;
  const found = await readJson<{ Rows: { Id: number; Values: FieldValues }[] }>(
    client,
    `api/v1/forms/102/search?text=${encodeURIComponent(name)}&pageSize=5`,
  );
  if (found.status !== 200) throw new Error(`search answered ${found.status}: ${String(found.body)}`);
  const rows = found.body.Rows;
  if (rows.length === 0) return 'absent';
  if (rows.length > 1) report.half(`"${name}" stored ${rows.length} times: ${rows.map((row) => row.Id)}`);
  const id = rows[0]!.Id;
  await checkRecord(client, id, undefined, report);
  const first = await readJson<{ Values: FieldValues }>(client, `${SUPPLIERS}/${id}?version=1`);
  for (const [field, value] of Object.entries(create.values)) {
    if (first.status === 200 && !isDeepStrictEqual(first.body.Values[field], value)) {
      report.half(
        `record ${id} (unacknowledged "${name}"): ${field} is ${JSON.stringify(first.body.Values[field])}`,
      );
    }
  }
  const again = await client.json(
    'POST',
    SUPPLIERS,
    { Values: create.values },
    { 'idempotency-key': create.key },
  );
  const body = (await again.json()) as { Id?: number; Code?: string };
  if (again.status === 201 && body.Id === id && again.headers.get('idempotent-replayed') === 'true') {
    return 'present';
  }
  report.half(
    `record ${id} (unacknowledged "${name}"): its key again answered ${again.status} ${JSON.stringify(body)}`,
  );
  return 'present';
}
