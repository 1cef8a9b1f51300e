// Brokers as other features see them: by id, for a name in an email or on the customer portal.
import { eq, inArray, sql } from "drizzle-orm";
import { users } from "../../../db/tables.ts";
import type { AppContext } from "../../context.ts";
import type { Writer } from "../../lib/jobs.ts";
import { prepared, preparedForIds } from "../../lib/prepared.ts";
import type { PublicUser } from "./model.ts";
import { toPublicUser } from "./public-user.ts";

const byIdQuery = prepared((db) => db.select().from(users).where(eq(users.id, sql.placeholder("id"))).prepare());

export async function brokerById(ctx: AppContext, id: string): Promise<PublicUser | null> {
  const row = (await byIdQuery(ctx.db).execute({ id }))[0];
  return row ? toPublicUser(row) : null;
}

const byIdsQuery = preparedForIds((db, ids) => db.select().from(users).where(inArray(users.id, ids)).prepare());

export async function brokersById(ctx: AppContext, ids: string[]): Promise<Map<string, PublicUser>> {
  if (ids.length === 0) return new Map();
  const [statement, params] = byIdsQuery(ctx.db, [...new Set(ids)]);
  return new Map((await statement.execute(params)).map((row) => [row.id, toPublicUser(row)]));
}

/** A broker's own name, as their Profile page edits it (null: not given). */
export async function setBrokerName(db: Writer, id: string, name: { firstName: string | null; lastName: string | null }): Promise<PublicUser> {
  return toPublicUser((await db.update(users).set(name).where(eq(users.id, id)).returning())[0]!);
}
