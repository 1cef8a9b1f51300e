// Single sign-on: which provider account a broker signs in as (owner: oidc).
import { index, pgTable, text, uniqueIndex } from "drizzle-orm/pg-core";
import { createdAt, id, time } from "./columns.ts";
import { users } from "./auth.ts";

export const brokerOidcIdentities = pgTable(
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

/**
 * A sign-in on its way through the provider (owner: oidc): the PKCE verifier and the nonce, found
 * by the hash of the state the provider sends back. In the database so the callback may reach any
 * instance; deleted by the callback that spends it, or once expired.
 */
export const oidcFlows = pgTable(
  "oidc_flows",
  {
    stateHash: text("state_hash").primaryKey(),
    codeVerifier: text("code_verifier").notNull(),
    nonce: text("nonce").notNull(),
    expiresAt: time("expires_at").notNull(),
  },
  (t) => [index("oidc_flows_expires_idx").on(t.expiresAt)],
);
