import type { AreaTable } from '../../http/handler-types';
import { blogHandlers } from './blog-routes';
import { contactHandlers } from './contact-routes';
import { videoHandlers } from './video-routes';

/**
 * Every call of manifest/api/content.yaml with its handler, and nothing else: a call of the area left
 * without one, or a handler of another area's call, fails `npm run typecheck` here (src/server/api/README.md).
 */
export const contentTable: AreaTable<'content'> = {
  ...blogHandlers,
  ...contactHandlers,
  ...videoHandlers,
};
