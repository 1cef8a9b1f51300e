// A broker's session can end outside this process: `portal admin disable` or `reset-password`
// deletes it from the database, and expiry passes while the socket stays open. On each scheduler
// tick (every 5 s, and whenever tests run one), open broker sockets whose session is gone are
// told they are signed out, exactly as a sign-out in this process would tell them.
import type { PeriodicTask } from "../../lib/jobs.ts";
import { endedSessionIds } from "../auth/admin.ts";
import type { LiveHub } from "./hub.ts";

export const closeEndedBrokerSockets =
  (hub: LiveHub): PeriodicTask =>
  async (ctx) => {
    const open = hub.brokerSessions();
    const ended = new Set(await endedSessionIds(ctx, [...new Set(open.map((s) => s.sessionId))]));
    for (const { brokerId, sessionId } of open) {
      if (ended.has(sessionId)) ctx.events.publish({ type: "broker_signed_out", brokerId, sessionId });
    }
  };
