// A broker as every answer shows them: the users row without its password hash or flags. Its own
// module so the modules that read users (service.ts, brokers.ts, sign-in-accounts.ts) share it
// without importing one another.
import type { users } from "../../../db/tables.ts";
import type { PublicUser } from "./model.ts";

export function toPublicUser(user: typeof users.$inferSelect): PublicUser {
  const { id, email, firstName, lastName, profileImageUrl } = user;
  return { id, email, firstName, lastName, profileImageUrl };
}
