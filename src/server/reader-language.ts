import type { FastifyRequest } from 'fastify';
import { acceptedLanguages, chooseLanguage, type InterfaceLanguage } from '../shared/interface-language';
import { authenticate } from './auth/authenticate';
import type { AppContext } from './context';

/**
 * The language to send a pre-rendered public page in, decided as the app decides it
 * (src/web/i18n/texts.ts currentLanguage): a signed-in reader's profile language, else the first
 * of the browser's languages (Accept-Language, by weight) the product speaks, else English. Only a
 * request that carries cookies is looked up as a possible signed-in reader.
 */
export async function readerLanguage(ctx: AppContext, request: FastifyRequest): Promise<InterfaceLanguage> {
  const caller = request.headers.cookie ? await authenticate(ctx, request) : null;
  return chooseLanguage(caller?.profile.language, acceptedLanguages(request.headers['accept-language']));
}
