import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { inject } from 'vitest';

declare module 'vitest' {
  export interface ProvidedContext {
    /** The PostgreSQL server of this run (a throwaway one unless PROCEDO_TEST_DATABASE_URL names one). */
    pgUrl: string;
  }
}

/** A database of its own on the run's PostgreSQL server (see test/pg-global-setup.ts). */
export interface TestPgDatabase {
  /** Its connection URL. */
  url: string;
  name: string;
  /** Drops it (ending the connections still open to it). */
  drop(): Promise<void>;
}

const withServerUrl = (database: string) => {
  const url = new URL(inject('pgUrl'));
  url.pathname = `/${database}`;
  return url.toString();
};

async function onServer<T>(work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: withServerUrl('postgres') });
  await client.connect();
  try {
    return await work(client);
  } finally {
    await client.end();
  }
}

/** Creates an empty database (a random name, so parallel test files never share one). */
export async function createTestPgDatabase(): Promise<TestPgDatabase> {
  const name = `procedo_test_${randomBytes(6).toString('hex')}`;
  await onServer((client) => client.query(`CREATE DATABASE ${name}`));
  return {
    url: withServerUrl(name),
    name,
    drop: () =>
      onServer((client) => client.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`)).then(() => {}),
  };
}
