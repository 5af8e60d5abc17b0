import { hostForwarding } from '../../../generated/routes';

/**
 * SPEC §2: user/admin paths opened on the public marketing host go to the application host. Both
 * hosts come from the server (data attributes on <html>); by default they are the same host and this
 * does nothing.
 */
export function forwardToAppHost(location: Location = window.location, root: HTMLElement = document.documentElement): boolean {
  const marketingHost = root.dataset.marketingHost;
  const appHost = root.dataset.appHost;
  if (!marketingHost || !appHost || marketingHost === appHost || location.host !== marketingHost) return false;
  if (!hostForwarding.pathPrefixes.some((p) => location.pathname === p || location.pathname.startsWith(`${p}/`))) return false;
  location.replace(`${location.protocol}//${appHost}${location.pathname}${location.search}${location.hash}`);
  return true;
}
