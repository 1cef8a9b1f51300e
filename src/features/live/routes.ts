// The live channel at /ws. A broker's socket belongs to the broker whose session cookie opened
// it, with their membership's scope (a userId in a message is never trusted); a customer's socket is tied to the upload link it
// names in customer_auth. The handshake's Origin must be the portal's own.
import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { access } from "../access/plugin.ts";
import { brokerSession } from "../auth/session.ts";
import { customerSession, portalAccessFor } from "../customer-auth/session.ts";
import { twoFactorMessages } from "../../shared/two-factor.ts";
import type { LiveMessage } from "./model.ts";
import { LiveHub, type LiveSocket } from "./hub.ts";
import { INVALID_LINK } from "../customers/lookups.ts";
import { instanceState } from "../../lib/instance-state.ts";

/**
 * Bun's WebSocket settings. Bun takes them per server, not per route, and Elysia's .ws() keeps
 * such options to itself (a maxPayloadLength given there was never applied, and 8 MB frames were
 * parsed), so server.ts hands these to Bun. A larger frame closes the socket with 1009.
 */
export const liveSocketOptions = { maxPayloadLength: 16 * 1024, idleTimeout: 120, sendPings: true } as const;

const POLICY_VIOLATION = 1008;
/** A page sends a message or two per connection; a client above this is flooding the server. */
const MESSAGES_PER_SECOND = 20;
const MESSAGE_BURST = 3 * MESSAGES_PER_SECOND;

/** A token bucket: true while the socket stays within MESSAGES_PER_SECOND, allowing short bursts. */
function messageBudget(): () => boolean {
  let tokens = MESSAGE_BURST;
  let last = performance.now();
  return () => {
    const now = performance.now();
    tokens = Math.min(MESSAGE_BURST, tokens + ((now - last) / 1000) * MESSAGES_PER_SECOND);
    last = now;
    if (tokens < 1) return false;
    tokens -= 1;
    return true;
  };
}

/** Each open socket's message budget. */
const budgets = instanceState("live sockets' message budgets", "per process", "a socket is open to one instance", new WeakMap<object, () => boolean>());

function parse(message: unknown): { type?: unknown; uploadLink?: unknown } | null {
  if (message && typeof message === "object") return message as { type?: unknown };
  if (typeof message !== "string") return null;
  try {
    const value = JSON.parse(message);
    return value && typeof value === "object" ? value : null;
  } catch {
    return null; // malformed: ignored, the socket stays open
  }
}

export const liveRoutes = (ctx: AppContext, hub: LiveHub) => {
  const allowedOrigins = new Set([new URL(ctx.config.publicUrl).origin]);
  const reply = (socket: LiveSocket, message: LiveMessage) => socket.send(JSON.stringify(message));

  return new Elysia({ name: "live", seed: contextSeed(ctx) }).use(access(ctx)).ws("/ws", {
    // The broker (if any) is identified from the handshake's token or cookie, before the upgrade.
    reader: true,
    beforeHandle({ request }) {
      const origin = request.headers.get("origin");
      // Browsers always send Origin; a page on another site must not open a socket with our cookies.
      if (origin && origin !== new URL(request.url).origin && !allowedOrigins.has(origin)) {
        throw new AppError("forbidden", "This origin may not open the live channel");
      }
    },
    open(ws) {
      budgets.set(ws.raw, messageBudget());
      // With the member's scope: the customers' events it hears are those of the customers they may see.
      const { broker: signedIn, member } = ws.data.reader;
      if (signedIn && member) hub.addBroker({ socket: ws.raw, sessionId: signedIn.sessionId, scope: member });
    },
    async message(ws, raw) {
      if (!budgets.get(ws.raw)?.()) return ws.raw.close(POLICY_VIOLATION, "Too many messages");
      const message = parse(raw);
      if (!message) return;
      if (message.type === "auth") {
        // The broker was identified by their session when the socket opened; the userId sent
        // here is not trusted and changes nothing. Asked again: the session may have ended since.
        // The reader leaves out a broker REQUIRE_2FA holds back (no authenticator yet): no
        // broker events reach them, and they are told why rather than told they are in.
        if (!ws.data.reader.broker && (await brokerSession(ctx, ws.data))) {
          reply(ws.raw, { type: "auth_error", message: twoFactorMessages.setupRequired });
          return;
        }
        const broker = ws.data.reader.broker && (await brokerSession(ctx, ws.data));
        reply(ws.raw, broker ? { type: "auth_success", role: "broker" } : { type: "auth_error", message: "Please sign in" });
        return;
      }
      if (message.type === "customer_auth" && typeof message.uploadLink === "string" && message.uploadLink.length <= 128) {
        try {
          const portal = await portalAccessFor(ctx, message.uploadLink, await customerSession(ctx, ws.data));
          const session = portal.session && { accountId: portal.session.account.id, sessionId: portal.session.sessionId };
          hub.addCustomer(portal.customers.map((c) => c.id), { socket: ws.raw, session });
          reply(ws.raw, { type: "auth_success", role: "customer" });
        } catch {
          reply(ws.raw, { type: "auth_error", message: INVALID_LINK });
        }
      }
      // Anything else is ignored.
    },
    close(ws) {
      hub.removeSocket(ws.raw);
    },
  });
};
