import { NotFoundMessage } from '../../components/errors/not-found-message';

/** SPEC §8: /page-not-found and the catch-all route (404). */
export default function NotFoundPage() {
  return <NotFoundMessage />;
}
