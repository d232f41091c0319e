import { type RequestHandler, Router } from 'express';
import { AppError } from '../../errors/app-error';
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
}): Router {
  const { files, forms, requireSession } = options;
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
    const settings = await forms.getSettings(auth.database);
    const outcome = await readOneFile(req, res, {
      field: 'file',
      // One byte over the limit is enough to know the file is too large; busboy drops the rest.
      limits: { files: 1, fields: 10, parts: 11, fileSize: settings.maxUploadBytes + 1 },
      onFile: (upload) => files.upload(auth, upload, settings),
    });
    // The client left mid-upload: nothing was kept and there is no one to answer.
    if (outcome.kind === 'gone') return;
    res.status(201).json(outcome.value);
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
