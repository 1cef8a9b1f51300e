// The live channel at /ws. A broker's socket belongs to the broker whose session cookie opened
// it (a userId in a message is never trusted); a customer's socket is tied to the upload link it
// names in customer_auth. The handshake's Origin must be the portal's own.
import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { hashToken } from "../../lib/tokens.ts";
import type { LiveMessage } from "../../shared/api-types.ts";
import { sessionToken } from "../auth/plugin.ts";
import { brokerForToken } from "../auth/service.ts";
import { portalAccessFor } from "../customer-auth/plugin.ts";
import { LiveHub, type LiveSocket } from "./hub.ts";

/** What each open socket has registered, so close() can undo it. */
const registrations = new WeakMap<object, (() => void)[]>();

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
  const remember = (raw: object, undo: () => void) => registrations.set(raw, [...(registrations.get(raw) ?? []), undo]);

  return new Elysia().ws("/ws", {
    idleTimeout: 120,
    sendPings: true,
    maxPayloadLength: 16 * 1024,
    beforeHandle({ request }) {
      const origin = request.headers.get("origin");
      // Browsers always send Origin; a page on another site must not open a socket with our cookies.
      if (origin && origin !== new URL(request.url).origin && !allowedOrigins.has(origin)) {
        throw new AppError("forbidden", "This origin may not open the live channel");
      }
    },
    open(ws) {
      const token = sessionToken(ws.data.headers as Record<string, string | undefined>);
      const broker = token ? brokerForToken(ctx, token) : null;
      if (broker) remember(ws.raw, hub.addBroker(broker.id, { socket: ws.raw, sessionId: hashToken(token!) }));
    },
    message(ws, raw) {
      const message = parse(raw);
      if (!message) return;
      if (message.type === "auth") {
        // The broker was identified by their session when the socket opened; the userId sent
        // here is not trusted and changes nothing.
        const token = sessionToken(ws.data.headers as Record<string, string | undefined>);
        const broker = token ? brokerForToken(ctx, token) : null;
        reply(ws.raw, broker ? { type: "auth_success", role: "broker" } : { type: "auth_error", message: "Please sign in" });
        return;
      }
      if (message.type === "customer_auth" && typeof message.uploadLink === "string" && message.uploadLink.length <= 128) {
        try {
          const access = portalAccessFor(ctx, message.uploadLink, ws.data.headers as Record<string, string | undefined>);
          const session = access.session && { accountId: access.session.account.id, sessionId: access.session.sessionId };
          remember(ws.raw, hub.addCustomer(access.customers.map((c) => c.id), { socket: ws.raw, session }));
          reply(ws.raw, { type: "auth_success", role: "customer" });
        } catch {
          reply(ws.raw, { type: "auth_error", message: "This upload link is not valid or has expired." });
        }
      }
      // Anything else is ignored.
    },
    close(ws) {
      for (const undo of registrations.get(ws.raw) ?? []) undo();
      registrations.delete(ws.raw);
    },
  });
};
