import { useCallback, type ReactNode } from 'react';
import { Link } from '../../app/history';
import { linkTarget } from '../../../shared/link-access';
import { useSession } from '../../session/store';

/**
 * Where a link should lead for the signed-in user, or null when it must not be shown
 * (src/shared/link-access.ts: the route guard's own canAccess, and the branded area's addresses).
 *
 * @example
 *   const target = useLinkTarget();
 *   target('/user/self_assessment_signup'); // null at a client with self-assessment off
 */
export function useLinkTarget(): (path: string) => string | null {
  const user = useSession((s) => s.user);
  const client = useSession((s) => s.client);
  return useCallback((path: string) => linkTarget(path, { user, client }), [user, client]);
}

/**
 * A link shown only when the user can open its page (no link to a 403 or 404, SPEC §6), at the
 * address of the area the user belongs to; otherwise `fallback` (nothing by default).
 *
 * @example
 *   <AppLink className="button" to={href('self_assessment_signup')}>Take a self-assessment</AppLink>
 */
export function AppLink({
  to,
  className,
  children,
  fallback = null,
}: {
  to: string;
  className?: string;
  children: ReactNode;
  fallback?: ReactNode;
}) {
  const target = useLinkTarget()(to);
  return target === null ? (
    <>{fallback}</>
  ) : (
    <Link to={target} className={className}>
      {children}
    </Link>
  );
}
