// A broker's session or membership can change outside this process: `portal admin disable` or
// `reset-password` deletes a session from the database, `portal admin` makes a member owner, and
// expiry passes while the socket stays open. On each scheduler tick (every 5 s, and whenever tests
// run one), open broker sockets whose session is gone are told they are signed out, exactly as a
// sign-out in this process would tell them, and every connected member's scope is read again, so
// a change no event announced here (another process, or events missed while PostgreSQL's channel
// was down) decides what their sockets hear from then on.
import type { PeriodicTask } from "../../lib/jobs.ts";
import { endedSessionIds } from "../auth/admin.ts";
import { scopesOf } from "../workspaces/members.ts";
import type { LiveHub } from "./hub.ts";

export const closeEndedBrokerSockets =
  (hub: LiveHub): PeriodicTask =>
  async (ctx) => {
    const open = hub.brokerSessions();
    const ended = new Set(await endedSessionIds(ctx, [...new Set(open.map((s) => s.sessionId))]));
    for (const { brokerId, sessionId } of open) {
      if (ended.has(sessionId)) ctx.events.publish({ type: "broker_signed_out", brokerId, sessionId });
    }
    const members = hub.connectedMembers();
    const scopes = new Map((await scopesOf(ctx.db, members)).map((scope) => [scope.memberId, scope]));
    for (const memberId of members) hub.setScope(memberId, scopes.get(memberId) ?? null);
  };
