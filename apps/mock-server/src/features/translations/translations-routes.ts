import type { LanguageList } from '@procedo/client-api';
import { type RequestHandler, Router } from 'express';
import { getAuth } from '../../http/session-middleware';
import type { TranslationsService } from './translations-service';

/** `GET /api/v1/languages`: the signed-in database's languages, for pickers and the translation prompt. */
export function translationsRoutes(options: {
  translations: TranslationsService;
  requireSession: RequestHandler;
}): Router {
  const router = Router();
  router.get('/languages', options.requireSession, async (_req, res) => {
    const languages = await options.translations.languages(getAuth(res).database);
    const body: LanguageList = {
      Items: languages.map((language) => ({
        Code: language.code,
        Name: language.name,
        IsDefault: language.isDefault,
      })),
    };
    res.json(body);
  });
  return router;
}
