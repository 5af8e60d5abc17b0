import { useEffect } from 'react';
import { create } from 'zustand';

/** The client a staff page is about, as the page chose it (SPEC §2: a client manager chooses one on each page). */
export interface WorkingClient {
  readonly id: number;
  readonly name: string;
}

/** Read by the signed-in header, which names this client rather than the reader's own (layouts/user-layout.tsx). */
export const useWorkingClientStore = create<{ client: WorkingClient | null }>()(() => ({ client: null }));

/**
 * A page tells the header which client it shows; the header forgets it when the page goes, so a
 * page about no single client shows the reader's own client again.
 *
 * @example
 *   useWorkingClient(clients.find((c) => c.id === chosen));
 */
export function useWorkingClient(client: WorkingClient | null | undefined): void {
  const id = client?.id;
  const name = client?.name;
  useEffect(() => {
    if (id === undefined || name === undefined) return undefined;
    useWorkingClientStore.setState({ client: { id, name } });
    return () => {
      if (useWorkingClientStore.getState().client?.id === id) useWorkingClientStore.setState({ client: null });
    };
  }, [id, name]);
}
