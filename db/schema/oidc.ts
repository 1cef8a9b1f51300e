// Single sign-on: which provider account a broker signs in as (owner: oidc).
import { index, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { createdAt, id } from "./columns.ts";
import { users } from "./auth.ts";

/** A broker's account at an OpenID Connect provider: the (issuer, subject) pair it signs in as. */
export const brokerOidcIdentities = sqliteTable(
  "broker_oidc_identities",
  {
    id: id(),
    userId: text("user_id").notNull().references(() => users.id, { onDelete: "cascade" }),
    issuer: text("issuer").notNull(),
    subject: text("subject").notNull(),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex("broker_oidc_identities_subject_idx").on(t.issuer, t.subject), index("broker_oidc_identities_user_idx").on(t.userId)],
);
