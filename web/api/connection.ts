// Whether the portal's server can be reached, as the web app last saw it. Every request reports
// here (api/client.ts), and so does a chunk that would not load (lib/lazy-retrying.ts): a network
// failure, or a proxy's 502/503/504 while the portal restarts, marks it down; any other answer
// marks it up. While down, /healthz is asked every few seconds, so the banner goes away by itself
// when the server is back (and the screens are then fetched again, ConnectionBanner.tsx).

export const RETRY_MS = 3_000;

let down = false;
let probing = false;
const listeners = new Set<() => void>();

function set(value: boolean): void {
  if (down === value) return;
  down = value;
  listeners.forEach((listener) => listener());
  if (down) probe();
}

export const reportUnreachable = () => set(true);
export const reportReachable = () => set(false);

/** One poller at a time, however often the state flips. */
function probe(): void {
  if (probing) return;
  probing = true;
  setTimeout(async () => {
    const back = !down || (await serverAnswers());
    probing = false;
    if (back) set(false);
    else probe();
  }, RETRY_MS);
}

/** One look at /healthz: true when the portal answers as itself. */
export async function serverAnswers(): Promise<boolean> {
  try {
    return (await fetch("/healthz", { cache: "no-store" })).ok;
  } catch {
    return false;
  }
}

export const isDown = () => down;

/** The server did not answer: marks it down (so /healthz is polled) and runs `run` once, when it answers again. */
export function onceBack(run: () => void): void {
  set(true);
  const listener = () => {
    if (down) return;
    listeners.delete(listener);
    run();
  };
  listeners.add(listener);
}

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}
