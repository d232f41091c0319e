import { createHash } from 'node:crypto';
import { finished } from 'node:stream/promises';
import { type RequestHandler, Router } from 'express';
import { AppError } from '../../errors/app-error';
import { type Idempotency, replayIfSame } from '../../http/idempotency';
import { getAuth } from '../../http/session-middleware';
import { timepointOf } from '../../http/timepoint';
import type { FormsService } from '../forms/forms-service';
import { createFileAccess } from './file-access';
import type { FilesService } from './files-service';
import { readOneFile } from './multipart';

/** `POST /api/v1/files` (multipart, field `file`) and `GET /api/v1/files/{id}` (as an attachment). */
export function filesRoutes(options: {
  files: FilesService;
  forms: FormsService;
  requireSession: RequestHandler;
  /** `Idempotency-Key` on uploads. */
  idempotency: Idempotency;
}): Router {
  const { files, forms, requireSession, idempotency } = options;
  const router = Router();
  const access = createFileAccess({ forms });

  router.post('/', requireSession, async (req, res) => {
    if (!req.is('multipart/form-data')) {
      throw new AppError({
        status: 415,
        code: 'UNSUPPORTED_MEDIA_TYPE',
        message: `Upload files as multipart/form-data, not ${req.get('content-type') ?? 'untyped'}.`,
      });
    }
    const auth = getAuth(res);
    // The fingerprint covers the file's bytes, known only once they are read: the key is claimed
    // first, and a completed key is compared after reading the file again (not stored).
    const start = await idempotency.begin(req, res, auth, null);
    if (start === null) return;
    try {
      const settings = await forms.getSettings(auth.database);
      const outcome = await readOneFile(req, res, {
        field: 'file',
        // One byte over the limit is enough to know the file is too large; busboy drops the rest.
        limits: { files: 1, fields: 10, parts: 11, fileSize: settings.maxUploadBytes + 1 },
        onFile: async (upload) => {
          const digest = createHash('sha256').update(`POST files\n${upload.fileName}\n`);
          // A second listener sees the same chunks in order (the upload's pauses hold both).
          if (start.kind !== 'none') upload.stream.on('data', (chunk: Buffer) => digest.update(chunk));
          if (start.kind === 'completed') {
            upload.stream.resume();
            await Promise.all([finished(upload.stream), upload.bodyComplete]);
            return { replay: true as const, fingerprint: digest.digest('hex') };
          }
          // The bytes are all read when the row is written: the answer goes in with it.
          const key = start.kind === 'claimed' ? start.key(() => digest.copy().digest('hex')) : undefined;
          const file = await files.upload(auth, upload, settings, key);
          return { replay: false as const, file };
        },
      });
      // The client left mid-upload: nothing was kept and there is no one to answer.
      if (outcome.kind === 'gone') {
        if (start.kind === 'claimed') await start.fail().catch(() => {});
        return;
      }
      const answer = outcome.value;
      if (answer.replay) {
        if (start.kind === 'completed') replayIfSame(res, start.entry, answer.fingerprint);
        return;
      }
      res.status(201).json(answer.file);
    } catch (error) {
      if (start.kind === 'claimed') await start.fail().catch(() => {});
      throw error;
    }
  });

  router.get('/:id', requireSession, async (req, res, next) => {
    const { file, absolutePath } = await files.get(
      getAuth(res),
      String(req.params.id),
      access,
      timepointOf(res)?.iso ?? null,
    );
    // Served as a download, never rendered: attachment, nosniff, and a sandbox should it be opened.
    res.attachment(file.originalName);
    res.type(file.contentType);
    res.setHeader('X-Content-Type-Options', 'nosniff');
    res.setHeader('Content-Security-Policy', "default-src 'none'; sandbox");
    res.sendFile(
      absolutePath,
      { dotfiles: 'deny', headers: { 'Cache-Control': 'private, no-store' } },
      (error) => {
        if (error && !res.headersSent) next(error);
      },
    );
  });

  return router;
}
