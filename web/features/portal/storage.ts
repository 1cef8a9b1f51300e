// What the portal remembers per upload link in this browser (localStorage). The session itself
// is an HttpOnly cookie the page cannot read; this record only lets the page say "Checking your
// session" instead of a bare "Loading" when it expects one (SPEC 3: a stored customer session
// per link with isAuthenticated, customer data and a timestamp, expiring after 24 hours).
// Only the customer's id is kept: name and email stay on the server, not in a shared phone's storage.

/** The broker choice that shows every broker's documents (a customer with several brokers). */
export const ALL_BROKERS = "all";

export const STORED_SESSION_TTL_MS = 24 * 60 * 60 * 1000;

export interface StoredSession {
  isAuthenticated: boolean;
  customerData: { id: string } | null;
  timestamp: number;
}

const sessionKey = (link: string) => `portal:session:${link}`;
const brokerKey = (link: string) => `portal:broker:${link}`;

function read(key: string): string | null {
  try {
    return localStorage.getItem(key);
  } catch {
    return null; // storage disabled (private mode, policy): the portal works without it
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value === null) localStorage.removeItem(key);
    else localStorage.setItem(key, value);
  } catch {
    // Not remembering is fine.
  }
}

/** The stored session for this link, or null when there is none or it is older than 24 hours. */
export function readStoredSession(link: string, now = Date.now()): StoredSession | null {
  const raw = read(sessionKey(link));
  if (!raw) return null;
  try {
    const session = JSON.parse(raw) as StoredSession;
    if (typeof session.timestamp !== "number" || now - session.timestamp > STORED_SESSION_TTL_MS) {
      write(sessionKey(link), null);
      return null;
    }
    return session;
  } catch {
    write(sessionKey(link), null);
    return null;
  }
}

export function storeSession(link: string, customerId: string | null, now = Date.now()): void {
  if (!customerId) {
    write(sessionKey(link), null);
    return;
  }
  const session: StoredSession = { isAuthenticated: true, customerData: { id: customerId }, timestamp: now };
  write(sessionKey(link), JSON.stringify(session));
}

/** The broker the customer last filtered by on this link ("all" when none). */
export const readBrokerChoice = (link: string) => read(brokerKey(link));
export const storeBrokerChoice = (link: string, brokerId: string) => write(brokerKey(link), brokerId);
