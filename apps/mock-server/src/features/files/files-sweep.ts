import path from 'node:path';
import type { Logger } from 'pino';
import type { DatabaseCatalog } from '../../db/catalog';
import { type FilesFs, nodeFilesFs, parseTempName, STORED_NAME, syncDirectory } from './files-fs';

/** What a sweep of `<dataDir>/files` did. */
export interface SweepResult {
  /** Temporary files of dead uploads and stored files no database names. */
  removed: number;
  /** Temporary files whose row was written before the process stopped, put in place. */
  restored: number;
}

/** Whether a process with this id runs on this machine (EPERM: it does, as another user). */
function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as { code?: unknown }).code === 'EPERM';
  }
}

/**
 * Cleans `<dataDir>/files` on start (the folder is shared by every database of the catalog):
 * removes stored files no database row names (left by uploads that failed before their row was
 * written, in earlier versions too) and temporary files of uploads whose process is gone. A
 * temporary file whose row exists (the process stopped between the row and the rename) is
 * renamed into place. Temporary files of another running process are left to it. Other names
 * are not ours and stay.
 */
export async function sweepFiles(options: {
  dataDir: string;
  catalog: DatabaseCatalog;
  logger: Logger;
  fs?: FilesFs;
  /** @default (pid) => the process runs on this machine */
  isRunning?: (pid: number) => boolean;
}): Promise<SweepResult> {
  const fs = options.fs ?? nodeFilesFs;
  const running = options.isRunning ?? isRunning;
  const directory = path.join(options.dataDir, 'files');
  const result: SweepResult = { removed: 0, restored: 0 };
  let names: string[];
  try {
    names = await fs.readdir(directory);
  } catch (error) {
    if ((error as { code?: unknown }).code === 'ENOENT') return result;
    throw error;
  }
  const databases = options.catalog.list();
  const isNamed = async (storedName: string) => {
    for (const database of databases) {
      if (await database.stores.files.hasStoredName(storedName)) return true;
    }
    return false;
  };
  const present = new Set(names);
  for (const name of names) {
    const temp = parseTempName(name);
    if (temp) {
      // This process has no upload running yet; another live one may.
      if (temp.pid !== process.pid && running(temp.pid)) continue;
      if (!present.has(temp.storedName) && (await isNamed(temp.storedName))) {
        await fs.rename(path.join(directory, name), path.join(directory, temp.storedName));
        present.add(temp.storedName);
        result.restored++;
      } else {
        await fs.rm(path.join(directory, name), { force: true });
        result.removed++;
      }
    } else if (STORED_NAME.test(name) && !(await isNamed(name))) {
      await fs.rm(path.join(directory, name), { force: true });
      result.removed++;
    }
  }
  if (result.restored > 0) await syncDirectory(fs, directory);
  options.logger.info({ directory, ...result }, 'swept the files folder');
  return result;
}
