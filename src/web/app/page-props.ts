import type { ComponentType } from 'react';
import type { RouteDefinition } from '../../shared/model';

/**
 * What every page component receives from the router (docs/architecture.md "React runtime"): the route's
 * manifest metadata and the URL parameters.
 *
 * @example
 *   export default function MyPage({ route }: PageProps) { return <h1>{route.title}</h1>; }
 */
export interface PageProps {
  readonly route: RouteDefinition;
  readonly params: Readonly<Record<string, string | undefined>>;
}

/**
 * A page file: its component, and optionally `preload(route)`, which starts fetching what the page
 * will show (its content document) so that it arrives together with the page's chunk.
 */
export type PageModule = { default: ComponentType<PageProps>; preload?: (route: RouteDefinition) => Promise<unknown> };
