import { useEffect, useState } from 'react';
import { apiGet } from '../../api/client';
import { useSession } from '../../session/store';

/** The scopes whose wording a client may change (content/client-texts/, SPEC §2 client-editing sub-pages). */
export type ClientTextScope = 'ergo-eval' | 'cms' | 'self-assessment' | 'self-assessment-lab' | 'ergo-eval-lab';

/**
 * The signed-in user's client's wording for a page, in the user's language: the client's override
 * where there is one, else the default from content/client-texts. Null until loaded (and for guests),
 * so pages keep their own default words meanwhile.
 *
 * @example
 *   const texts = useClientTexts('cms');
 *   <h1>{texts?.welcome_title ?? 'Welcome'}</h1>
 */
export function useClientTexts(scope: ClientTextScope): Readonly<Record<string, string>> | null {
  const clientId = useSession((s) => s.client?.id);
  const [texts, setTexts] = useState<Record<string, string> | null>(null);
  useEffect(() => {
    if (!clientId) return undefined;
    let live = true;
    apiGet<{ texts: Record<string, string> }>(`/client-texts/${clientId}/${scope}`, { quiet: true })
      .then(({ data }) => { if (live) setTexts(data.texts); }, () => undefined);
    return () => { live = false; };
  }, [clientId, scope]);
  return texts;
}
