import { useCallback, useEffect, useRef, useState } from 'react';
import { call } from '../../../api/typed';
import type { ApiBody } from '../../../../../generated/api-types';
import { ApiError, codedOfError } from '../../../api/errors';
import { currentT, messageText } from '../../../i18n/texts';

export type SaveState = 'saved' | 'saving' | 'failed' | 'conflict' | 'idle';
const DELAY_MS = 800;

/**
 * Saves a draft evaluation as the evaluator types (debounced), one save at a time, each naming the
 * version it was based on; the server refuses a stale version (409), which ends autosaving until the
 * page is reloaded, so nothing written by someone else is overwritten (lost-update check).
 */
export function useEvaluationAutosave(id: number | null, initialVersion: number) {
  const [state, setState] = useState<SaveState>('idle');
  const [message, setMessage] = useState('');
  const version = useRef(initialVersion);
  const pending = useRef<Record<string, unknown> | null>(null);
  const running = useRef<Promise<void> | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const stopped = useRef(false);

  useEffect(() => {
    version.current = initialVersion;
  }, [initialVersion]);

  const flush = useCallback(async (): Promise<boolean> => {
    if (timer.current) {
      clearTimeout(timer.current);
      timer.current = null;
    }
    while (running.current) await running.current;
    if (!pending.current || id === null) return !stopped.current;
    if (stopped.current) return false;
    const body = pending.current;
    pending.current = null;
    setState('saving');
    let okay = true;
    running.current = (async () => {
      try {
        const { data } = await call(
          'evaluation_save',
          { params: { id }, body: { ...body, version: version.current } as ApiBody<'evaluation_save'> },
          { quiet: true },
        );
        version.current = data.version;
        setState(pending.current ? 'saving' : 'saved');
        setMessage('');
      } catch (error) {
        okay = false;
        if (error instanceof ApiError && error.status === 409) {
          stopped.current = true;
          setState('conflict');
        } else {
          pending.current = { ...body, ...(pending.current ?? {}) };
          setState('failed');
        }
        setMessage(
          error instanceof Error ? messageText(currentT(), error.message, codedOfError(error)) : currentT()('staff.ne.draft_not_saved'),
        );
      } finally {
        running.current = null;
      }
    })();
    await running.current;
    if (okay && pending.current) return flush();
    return okay;
  }, [id]);

  const change = useCallback(
    (patch: Record<string, unknown>) => {
      if (stopped.current) return;
      pending.current = { ...(pending.current ?? {}), ...patch };
      setState('saving');
      if (timer.current) clearTimeout(timer.current);
      timer.current = setTimeout(() => {
        void flush();
      }, DELAY_MS);
    },
    [flush],
  );

  return { state, message, change, flush, version };
}
