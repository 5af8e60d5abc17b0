import type { SessionClient, SessionUser } from '../../shared/model';

/**
 * The browser's view of the session (SPEC §3 "Authenticated user response", §4 "Session").
 * `status` is 'loading' until GET /get-user has answered once.
 */
export interface SessionState {
  readonly status: 'loading' | 'guest' | 'authenticated';
  readonly user: SessionUser | null;
  readonly client: SessionClient | null;
  readonly seats: number | null;
  /** Full-page loader (SPEC §2 shell), shown during logout and client switch. */
  readonly busy: boolean;
}

export interface SessionActions {
  /** Loads the current user (GET /get-user); a 401 clears local storage and marks the visitor a guest. */
  load(): Promise<void>;
  /** POST /login then loads the user; rejects with the server's message. */
  login(credentials: { email: string; password: string }): Promise<void>;
  /** SPEC §4 Logout flow. */
  logout(): Promise<void>;
  /** SPEC §4/§8 session expired: toast, stored keys cleared, login after 500 ms. */
  expire(message: string): void;
  /** Replaces the session after a client switch or region save. */
  setSession(next: Partial<SessionState>): void;
}

export type SessionStore = SessionState & SessionActions;

/** The decoded data of GET /get-user (SPEC §3). */
export interface GetUserData {
  readonly user: SessionUser;
  readonly token: unknown;
  readonly client: SessionClient;
  readonly seats: number | null;
}
