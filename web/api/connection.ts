// Whether the portal's server can be reached, as the web app last saw it. Every request reports
// here (api/client.ts): a network failure, or a proxy's 502/503/504 while the portal restarts,
// marks it down; any other answer marks it up. While down, /healthz is asked every few seconds, so
// the banner goes away by itself when the server is back, and the screens are then fetched again.

export const RETRY_MS = 3_000;

let down = false;
let probe: ReturnType<typeof setTimeout> | null = null;
const listeners = new Set<() => void>();
const backListeners = new Set<() => void>();

const emit = () => listeners.forEach((listener) => listener());

/** Answers a proxy gives while the portal behind it is restarting or gone. */
export const isGatewayFailure = (status: number) => status === 502 || status === 503 || status === 504;

export function reportUnreachable(): void {
  if (down) return;
  down = true;
  emit();
  scheduleProbe();
}

export function reportReachable(): void {
  if (!down) return;
  down = false;
  if (probe) clearTimeout(probe);
  probe = null;
  emit();
  backListeners.forEach((listener) => listener());
}

function scheduleProbe(): void {
  probe = setTimeout(async () => {
    if (await serverAnswers()) reportReachable();
    else if (down) scheduleProbe();
  }, RETRY_MS);
}

/** One look at /healthz: true when the portal answers as itself. */
export async function serverAnswers(): Promise<boolean> {
  try {
    const response = await fetch("/healthz", { cache: "no-store" });
    return response.ok;
  } catch {
    return false;
  }
}

export const isDown = () => down;

export function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Called once each time the server is reachable again (to fetch the screens anew). */
export function onBackOnline(listener: () => void): () => void {
  backListeners.add(listener);
  return () => backListeners.delete(listener);
}
