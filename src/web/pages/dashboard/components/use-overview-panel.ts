import { useEffect, useState } from 'react';
import type { ApiResponse } from '../../../../../generated/api-types';
import { call } from '../../../api/typed';

/** The panels the Programme Overview loads beside its own figures, for the same query. */
type PanelCall = 'program_overview_outcomes' | 'program_overview_training';

/**
 * A panel's figures for the overview's query (a JSON object of the query's fields), fetched again when
 * the query changes; an answer for a query since replaced is dropped. `failed` once the call is refused
 * (the panel says so in its own words, so the call shows no toast).
 */
export function useOverviewPanel<N extends PanelCall>(name: N, query: string): { data: ApiResponse<N> | null; failed: boolean } {
  const [data, setData] = useState<ApiResponse<N> | null>(null);
  const [failed, setFailed] = useState(false);
  useEffect(() => {
    let live = true;
    setData(null);
    setFailed(false);
    // Both calls take the overview's query alone; the compiler cannot see that through the union of names.
    call(name, { query: JSON.parse(query) as Record<string, string> } as never, { quiet: true }).then(
      ({ data: d }) => live && setData(d as ApiResponse<N>),
      () => live && setFailed(true),
    );
    return () => {
      live = false;
    };
  }, [name, query]);
  return { data, failed };
}
