// A real WebSocket client for the live channel, keeping every message it receives.
import type { TestServer } from "./server.ts";

export interface LiveClient {
  socket: WebSocket;
  messages: any[];
  closed: Promise<{ code: number; reason: string }>;
  send(message: unknown): void;
  /** Resolves with the first message (already received or coming) that matches. */
  next(match: (m: any) => boolean, timeoutMs?: number): Promise<any>;
  /** Waits, then says whether any message matched: for proving that nothing arrived. */
  receivedWithin(match: (m: any) => boolean, ms?: number): Promise<boolean>;
  close(): void;
}

export async function connectLive(srv: TestServer, options: { cookie?: string; origin?: string | null } = {}): Promise<LiveClient> {
  const headers: Record<string, string> = {};
  if (options.cookie) headers.cookie = options.cookie;
  if (options.origin !== null) headers.origin = options.origin ?? srv.url;
  // Bun's WebSocket client accepts headers, as a browser would send cookies and Origin.
  const socket = new WebSocket(srv.url.replace("http", "ws") + "/ws", { headers } as unknown as string[]);
  const messages: any[] = [];
  const waiters: { match: (m: any) => boolean; resolve: (m: any) => void }[] = [];
  socket.addEventListener("message", (event) => {
    const message = JSON.parse(String(event.data));
    messages.push(message);
    for (const w of [...waiters]) if (w.match(message)) {
      waiters.splice(waiters.indexOf(w), 1);
      w.resolve(message);
    }
  });
  const closed = new Promise<{ code: number; reason: string }>((resolve) =>
    socket.addEventListener("close", (event) => resolve({ code: event.code, reason: event.reason })),
  );
  await new Promise<void>((resolve, reject) => {
    socket.addEventListener("open", () => resolve(), { once: true });
    socket.addEventListener("error", () => reject(new Error("WebSocket failed to open")), { once: true });
  });
  return {
    socket,
    messages,
    closed,
    send: (message) => socket.send(typeof message === "string" ? message : JSON.stringify(message)),
    next(match, timeoutMs = 2000) {
      const found = messages.find(match);
      if (found) return Promise.resolve(found);
      return new Promise((resolve, reject) => {
        const timer = setTimeout(() => reject(new Error(`no matching message in ${timeoutMs} ms; got ${JSON.stringify(messages)}`)), timeoutMs);
        waiters.push({ match, resolve: (m) => (clearTimeout(timer), resolve(m)) });
      });
    },
    async receivedWithin(match, ms = 300) {
      await Bun.sleep(ms);
      return messages.some(match);
    },
    close: () => socket.close(),
  };
}
