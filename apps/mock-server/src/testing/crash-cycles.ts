import type { FieldValues } from '@procedo/client-api';
import {
  check,
  checkUnacknowledgedCreate,
  type Ledger,
  PROCESSES,
  SUPPLIERS,
  type Touched,
  type UnacknowledgedCreate,
} from './crash-checks';
import {
  CrashClient,
  killHard,
  type ServerChild,
  type ServerLaunch,
  seededRandom,
  startServerChild,
} from './crash-client';

export type { ServerLaunch } from './crash-client';

/**
 * Crash cycles (issue 15 item 5): the server in a child process takes concurrent writes, is
 * `kill -9`ed at a random moment, restarted on the same data, and every write it ACKNOWLEDGED
 * (a 2xx answer read whole) is checked to be there, and every record and process written to is
 * checked to be whole. Unacknowledged writes may be there or not, never in part.
 */
export interface CrashCycleOptions {
  launch: ServerLaunch;
  cycles: number;
  /** Concurrent writers (default 6). */
  writers?: number;
  /** Seed of the random choices (default: random; reported in the figures). */
  seed?: number;
  /**
   * Runs after each kill, before the restart: the driver's own tests alter the stored data here to
   * show that the checks catch a loss.
   */
  afterKill?: (cycle: number) => Promise<void> | void;
  /** Progress lines (one per cycle). */
  log?: (line: string) => void;
}

export interface CrashCycleFigures {
  seed: number;
  cycles: number;
  /** Write requests sent (creates, updates, process creates, completing step runs, uploads). */
  attempted: number;
  /** Of those, answered 2xx and read whole before the kill. */
  acknowledged: number;
  /** Acknowledged writes missing or different after a restart. Must be 0. */
  lost: number;
  /** Records or processes seen in an inconsistent state after a restart. Must be 0. */
  halfWritten: number;
  /** Acknowledged writes by kind. */
  byKind: Record<WriteKind, number>;
  /**
   * Requests of the writers answered with an error, by HTTP status; the other unacknowledged
   * writes were cut by the kill.
   */
  refused: Record<string, number>;
  /**
   * Record creates cut by the kill: stored (whole, once, and answered again by their
   * `Idempotency-Key`) or not.
   */
  unacknowledgedCreates: { present: number; absent: number };
  /** What was lost or half-written (empty when both are 0). */
  problems: string[];
  seconds: number;
}

type WriteKind = 'recordCreate' | 'recordUpdate' | 'processCreate' | 'stepRun' | 'upload';

const TOUR = 'Interaction tour';

/** Runs the cycles and returns the figures; throws only when the server cannot be run at all. */
export async function runCrashCycles(options: CrashCycleOptions): Promise<CrashCycleFigures> {
  const started = Date.now();
  const seed = options.seed ?? Math.floor(Math.random() * 2 ** 31);
  const random = seededRandom(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  const writers = options.writers ?? 6;
  const ledger: Ledger = { records: new Map(), processes: new Map(), files: new Map() };
  const byKind: Record<WriteKind, number> = {
    recordCreate: 0,
    recordUpdate: 0,
    processCreate: 0,
    stepRun: 0,
    upload: 0,
  };
  const figures = { attempted: 0, acknowledged: 0, lost: 0, halfWritten: 0, problems: [] as string[] };
  const lost = (what: string) => {
    figures.lost += 1;
    figures.problems.push(`lost: ${what}`);
  };
  const half = (what: string) => {
    figures.halfWritten += 1;
    figures.problems.push(`half-written: ${what}`);
  };
  const refused: Record<string, number> = {};
  // A write answered with an error (a 409 of two updates of one version, a 503 while busy…).
  const refuse = async (response: Response) => {
    refused[response.status] = (refused[response.status] ?? 0) + 1;
    await response.body?.cancel();
  };
  const ack = (kind: WriteKind) => {
    figures.acknowledged += 1;
    byKind[kind] += 1;
  };

  const client = new CrashClient();
  let server: ServerChild = await startServerChild(options.launch);
  client.base = server.url;
  await client.logon('supervisor');
  let tourId = await tourCommandId(client);
  let serial = 0;
  const unacknowledgedCreates = { present: 0, absent: 0 };

  try {
    for (let cycle = 1; cycle <= options.cycles; cycle += 1) {
      const touched: Touched = { records: new Set(), processes: new Set(), files: new Set() };
      let killed = false;
      const unacknowledged = new Set<UnacknowledgedCreate>();
      const attempt = () => {
        figures.attempted += 1;
        serial += 1;
        return serial;
      };

      const createRecord = async () => {
        const n = attempt();
        // A name no other contains (the dot), so an unacknowledged create can be searched for.
        const values = { Name: `Crash ${seed}-${n}.`, Status: 'Approved', InternalNotes: `note ${n}` };
        const pending = { values, key: `"crash-${seed}-${n}"` };
        unacknowledged.add(pending);
        const response = await client.json(
          'POST',
          SUPPLIERS,
          { Values: values },
          { 'idempotency-key': pending.key },
        );
        if (response.status !== 201) return refuse(response);
        const record = (await response.json()) as { Id: number; Version: number; Values: FieldValues };
        unacknowledged.delete(pending);
        ledger.records.set(record.Id, new Map([[record.Version, record.Values]]));
        touched.records.add(record.Id);
        ack('recordCreate');
      };

      const updateRecord = async () => {
        // The newest records only, so a record's history (read whole at each check) stays short.
        const ids = [...ledger.records.keys()].slice(-20);
        if (ids.length === 0) return createRecord();
        const id = pick(ids);
        const current = await client.fetch(`${SUPPLIERS}/${id}`);
        if (current.status !== 200) return void (await current.body?.cancel());
        const { Version } = (await current.json()) as { Version: number };
        const n = attempt();
        touched.records.add(id);
        const response = await client.json('PUT', `${SUPPLIERS}/${id}`, {
          Version,
          Values: { InternalNotes: `update ${n}`, Country: pick(['Greece', 'Italy', 'Spain']) },
        });
        if (response.status !== 200) return refuse(response);
        const record = (await response.json()) as { Version: number; Values: FieldValues };
        ledger.records.get(id)!.set(record.Version, record.Values);
        ack('recordUpdate');
      };

      const runStep = async (stepId: number, body: unknown) => {
        const response = await client.json('POST', `${PROCESSES}/steps/${stepId}/action/run`, body);
        if (response.status !== 200) {
          await refuse(response);
          return null;
        }
        return (await response.json()) as Record<string, unknown> & { ProceedToStepId: number | null };
      };

      /** Runs the next of the tour's first three steps (a confirm, a prompt, a dialog); true when it completed. */
      const runNextStep = async (id: number): Promise<boolean> => {
        const entry = ledger.processes.get(id)!;
        const [s1, s2, s3] = entry.steps as [number, number, number];
        const stepId = [s1, s2, s3].find((step) => !entry.done.has(step));
        if (stepId === undefined || killed) return false;
        touched.processes.add(id);
        let body: unknown = null;
        if (stepId !== s3) {
          const asked = await runStep(stepId, null);
          if (asked === null || killed) return false;
          body =
            stepId === s1
              ? { ...asked, Confirmed: true, ConfirmResult: true }
              : { ...asked, Prompted: true, PromptResult: `Tour ${id}` };
        }
        attempt();
        const done = await runStep(stepId, body);
        if (done?.ProceedToStepId == null) return false;
        entry.done.add(stepId);
        ack('stepRun');
        return true;
      };

      const process = async () => {
        // Half the time, go on with a process of an earlier moment (maybe of an earlier cycle).
        const open = [...ledger.processes]
          .filter(([, entry]) => entry.done.size < 3)
          .map(([id]) => id)
          .slice(-10);
        if (open.length > 0 && random() < 0.5) return void (await runNextStep(pick(open)));
        const n = attempt();
        const response = await client.json(
          'POST',
          `${PROCESSES}/command/create-process?originatingCommandId=${tourId}`,
          {},
          { 'idempotency-key': `"crash-process-${seed}-${n}"` },
        );
        if (response.status !== 201) return refuse(response);
        const created = (await response.json()) as { Id: number; AllSteps: { Id: number }[] };
        ledger.processes.set(created.Id, {
          steps: created.AllSteps.map((step) => step.Id),
          done: new Set<number>(),
        });
        touched.processes.add(created.Id);
        ack('processCreate');
        while (await runNextStep(created.Id)) {}
      };

      const upload = async () => {
        const n = attempt();
        const bytes = Buffer.from(
          Array.from({ length: 1 + Math.floor(random() * 48_000) }, () => 32 + Math.floor(random() * 90)),
        );
        const form = new FormData();
        form.append('file', new Blob([bytes]), `crash-${n}.txt`);
        const response = await client.fetch('api/v1/files', {
          method: 'POST',
          body: form,
          headers: { 'idempotency-key': `"crash-file-${seed}-${n}"` },
        });
        if (response.status !== 201) return refuse(response);
        const file = (await response.json()) as { Id: string };
        ledger.files.set(file.Id, bytes);
        touched.files.add(file.Id);
        ack('upload');
      };

      const operations = [createRecord, updateRecord, updateRecord, process, upload];
      const writer = async () => {
        while (!killed) {
          // A cut request (the kill) rejects: that write is simply not acknowledged.
          await pick(operations)().catch(() => {});
        }
      };
      const running = Array.from({ length: writers }, () => writer());
      await new Promise((resolve) => setTimeout(resolve, 50 + Math.floor(random() * 350)));
      killed = true;
      await killHard(server);
      await Promise.all(running);
      await options.afterKill?.(cycle);

      server = await startServerChild(options.launch);
      client.base = server.url;
      await ensureSignedIn(client);
      tourId = await tourCommandId(client);
      await check(client, ledger, touched, { lost, half });
      for (const create of unacknowledged) {
        const found = await checkUnacknowledgedCreate(client, create, { lost, half });
        if (found === 'absent') unacknowledgedCreates.absent += 1;
        else unacknowledgedCreates.present += 1;
      }
      options.log?.(
        `cycle ${cycle}: ${figures.acknowledged}/${figures.attempted} acknowledged, lost ${figures.lost}, half-written ${figures.halfWritten}`,
      );
    }

    // Last, everything acknowledged in any cycle, once more.
    await check(
      client,
      ledger,
      {
        records: new Set(ledger.records.keys()),
        processes: new Set(ledger.processes.keys()),
        files: new Set(ledger.files.keys()),
      },
      { lost, half },
    );
  } finally {
    // Also when a check throws: never leave the server running.
    await killHard(server);
  }
  return {
    seed,
    cycles: options.cycles,
    ...figures,
    byKind,
    refused,
    unacknowledgedCreates,
    seconds: (Date.now() - started) / 1000,
  };
}

/** Sessions are stored, so the cookies normally still work after a restart; sign in if not. */
async function ensureSignedIn(client: CrashClient): Promise<void> {
  const session = await client.fetch('api/v1/session');
  await session.body?.cancel();
  if (session.status !== 200) await client.logon('supervisor');
}

async function tourCommandId(client: CrashClient): Promise<number> {
  const response = await client.fetch(`${PROCESSES}/lookup/commands/creatable-as-process?$orderby=Name`);
  const commands = (await response.json()) as { Id: number; Name: string }[];
  const tour = commands.find((command) => command.Name === TOUR);
  if (!tour) throw new Error(`no "${TOUR}" command among ${commands.length}`);
  return tour.Id;
}
