// `portal admin list | reset-password | disable | enable`: the CLI's side of auth/admin.ts.
// They run beside the serving portal (no lock); a change is in the database the moment the
// command returns, so the next request of a signed-out broker is refused.
import type { AppContext } from "../../context.ts";
import { listBrokers, resetBrokerPassword, setBrokerDisabled } from "../auth/admin.ts";
import { AppError } from "../../lib/errors.ts";
import { oneLine } from "../../lib/log.ts";

const day = (d: Date) => d.toISOString().slice(0, 10);
const sessionsNote = (n: number) => (n === 1 ? "1 session ended" : `${n} sessions ended`);

function needEmail(email: string | undefined, command: string): string {
  if (!email) throw new AppError("bad_request", `admin ${command} needs --email`);
  return email;
}

export async function adminList(ctx: AppContext): Promise<string[]> {
  const brokers = await listBrokers(ctx);
  if (brokers.length === 0) return ["No broker accounts yet. Create one with: portal admin create --email E --password P"];
  // Names are typed by brokers: one printed line each, always.
  return brokers.map((b) =>
    oneLine(
      `${b.id}  ${b.disabledAt ? `disabled ${day(b.disabledAt)}` : "active"}  ${b.email}  ${b.name ? `"${b.name}"` : "-"}  created ${day(b.createdAt)}  sessions: ${b.activeSessions}`,
    ),
  );
}

export async function adminResetPassword(ctx: AppContext, values: { email?: string; password?: string }): Promise<string[]> {
  const email = needEmail(values.email, "reset-password");
  if (!values.password) throw new AppError("bad_request", "admin reset-password needs --password");
  const result = await resetBrokerPassword(ctx, { email, password: values.password });
  return [`New password set for ${result.email}; ${sessionsNote(result.sessionsEnded)}.`];
}

export async function adminSetDisabled(ctx: AppContext, values: { email?: string }, disabled: boolean): Promise<string[]> {
  const email = needEmail(values.email, disabled ? "disable" : "enable");
  const result = await setBrokerDisabled(ctx, { email, disabled });
  if (!result.changed) return [`${result.email} was already ${disabled ? "disabled" : "active"}.`];
  return [disabled ? `Disabled ${result.email}: they cannot sign in; ${sessionsNote(result.sessionsEnded)}.` : `Enabled ${result.email}: they can sign in again.`];
}
