// API keys (issue 43): what a key may do, how it looks, and the words both sides show.

/** What a key may do: read the broker API, or also change it. */
export const API_KEY_SCOPES = ["read", "write"] as const;
export type ApiKeyScope = (typeof API_KEY_SCOPES)[number];

/** Every key starts with it, so a bearer token is known for a key (not a session) before any lookup. */
export const API_KEY_PREFIX = "bpk_";

/** How many of a key's first characters are kept in the clear, to tell keys apart in the list. */
export const API_KEY_SHOWN_PREFIX_LENGTH = 8;

export const API_KEY_NAME_MAX = 100;

export const apiKeyMessages = {
  nameRequired: "Name is required",
  scopesRequired: "Choose at least one scope",
  expiryInPast: "The expiry date must be in the future",
  notFound: "API key not found",
  invalid: "Invalid or expired API key",
  /** A key without the scope the route needs, by that scope. */
  missingScope: {
    read: "This API key may not read; its scopes do not include read",
    write: "This API key may only read; its scopes do not include write",
  } satisfies Record<ApiKeyScope, string>,
  sessionOnly: "This route needs a signed-in session; API keys are not accepted here",
  keyAndSession: "Send either an API key or a session, not both",
  ownerOnly: "Only the workspace owner can manage API keys",
} as const;
