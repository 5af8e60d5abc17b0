/**
 * Lets non-React code (the session store, the API client) navigate with the router once it exists,
 * and with a full page load before that.
 */
type Navigate = (to: string) => void;
let navigator: Navigate | null = null;

export function setNavigator(next: Navigate | null): void {
  navigator = next;
}

export function navigateTo(to: string): void {
  if (navigator) navigator(to);
  else if (typeof window !== 'undefined') window.location.assign(to);
}
