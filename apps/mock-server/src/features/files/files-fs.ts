import * as fsPromises from 'node:fs/promises';

/** An open file the files feature writes to (a subset of node's `FileHandle`). */
export interface FilesFsHandle {
  write(data: Uint8Array): Promise<unknown>;
  sync(): Promise<void>;
  close(): Promise<void>;
}

/**
 * The file-system calls of the files feature: `node:fs/promises` in production; tests pass one
 * whose writes fail as a full disk does.
 */
export interface FilesFs {
  mkdir(path: string, options: { recursive: true }): Promise<unknown>;
  open(path: string, flags: string, mode?: number): Promise<FilesFsHandle>;
  rename(from: string, to: string): Promise<void>;
  rm(path: string, options: { force: true }): Promise<void>;
  readdir(path: string): Promise<string[]>;
}

/** {@link FilesFs} on `node:fs/promises`. */
export const nodeFilesFs: FilesFs = fsPromises;

/** A stored file's name on disk: 32 random hex digits, never derived from the upload. */
export const STORED_NAME = /^[0-9a-f]{32}$/;

/** An upload being written: `<stored name>.<pid of the writing process>.part`. */
const TEMP_NAME = /^([0-9a-f]{32})\.(\d+)\.part$/;

/** The temporary name of an upload being written by this process. */
export function tempName(storedName: string, pid = process.pid): string {
  return `${storedName}.${pid}.part`;
}

/** The stored name and writer of a temporary upload file, or null for any other name. */
export function parseTempName(name: string): { storedName: string; pid: number } | null {
  const match = TEMP_NAME.exec(name);
  return match ? { storedName: match[1]!, pid: Number(match[2]) } : null;
}

/**
 * Makes a rename (or a new file) in `directory` durable: fsync of the directory itself. Best
 * effort, as some platforms cannot open a directory for it.
 */
export async function syncDirectory(fs: FilesFs, directory: string): Promise<void> {
  let handle: FilesFsHandle | undefined;
  try {
    handle = await fs.open(directory, 'r');
    await handle.sync();
  } catch {
    // Windows (EISDIR/EPERM) and some network file systems: the rename stands, less durably.
  } finally {
    await handle?.close().catch(() => {});
  }
}
