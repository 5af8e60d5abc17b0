import { useEffect, useState } from 'react';
import { shellCall } from '../../api/shell-call';
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
  return useClientTextsState(scope).texts;
}

/** The same with the loading state, for pages whose words come only from the server. */
export function useClientTextsState(scope: ClientTextScope): {
  texts: Readonly<Record<string, string>> | null;
  status: 'loading' | 'ready' | 'failed';
} {
  const clientId = useSession((s) => s.client?.id);
  const [state, setState] = useState<{ texts: Record<string, string> | null; status: 'loading' | 'ready' | 'failed' }>({
    texts: null,
    status: 'loading',
  });
  useEffect(() => {
    if (!clientId) return undefined;
    let live = true;
    shellCall('client_texts', { params: { clientId, scope } }, { quiet: true }).then(
      ({ data }) => {
        if (live) setState({ texts: data.texts, status: 'ready' });
      },
      () => {
        if (live) setState({ texts: null, status: 'failed' });
      },
    );
    return () => {
      live = false;
    };
  }, [clientId, scope]);
  return state;
}
