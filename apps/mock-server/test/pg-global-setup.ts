import type { TestProject } from 'vitest/node';
// @ts-expect-error: a plain ES module script of the repository, without types
import { startThrowawayPostgres } from '../../../scripts/postgres.mjs';

/** Starts the run's PostgreSQL (or uses PROCEDO_TEST_DATABASE_URL) and stops it at the end. */
export default function setup(project: TestProject) {
  const given = process.env.PROCEDO_TEST_DATABASE_URL;
  if (given) {
    project.provide('pgUrl', given);
    return;
  }
  const server = startThrowawayPostgres();
  project.provide('pgUrl', server.url);
  return () => server.stop();
}
