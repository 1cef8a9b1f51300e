// The tables every service queries, for the database this process runs on (db/dialect.ts).
// Both schemas declare the same tables with the same TypeScript types (tests/api/schema-parity*),
// so services are written against SQLite's declarations and run on either.
import { dialect } from "./dialect.ts";
import * as pg from "./schema.pg.ts";
import * as sqlite from "./schema.ts";

const chosen = (dialect === "postgres" ? pg : sqlite) as unknown as typeof sqlite;

export const {
  users,
  workspaces,
  workspaceMembers,
  workspaceInvitations,
  sessions,
  customers,
  customerWatchers,
  customerAccounts,
  customerEmailCodes,
  documents,
  documentVersions,
  notifications,
  subscriptions,
  stripeEvents,
  customerSessions,
  passwordResetTokens,
  jobs,
  emails,
  brokerSignupCodes,
  brokerPasswordResetTokens,
  brokerEmailChanges,
  brokerProfiles,
  workspaceBranding,
  workspaceLogos,
  brokerTwoFactor,
  brokerRecoveryCodes,
  brokerOidcIdentities,
  oidcFlows,
  twoFactorPendingSignIns,
  exportSettings,
  reminderCadences,
  reminderPauses,
  reminderSettings,
  documentExpiries,
  checklistTemplates,
  rateLimits,
  auditEvents,
  auditChainHeads,
  signatureRequests,
  signatureSigners,
  apiKeys,
} = chosen;
