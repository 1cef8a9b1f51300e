import { t } from "elysia";
import { IsoDate, MaybeDate, optionalText } from "../../lib/model.ts";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "../../shared/validation.ts";
import { LANGUAGE_ERROR } from "../../shared/i18n/which-language.ts";
import { AcceptanceRulesSchema } from "../document-checks/model.ts";
import { DocumentCounts, DocumentList } from "../documents/model.ts";

/** Optional acceptance rules a document gets at creation (a template's); none: the standard ones. */
const CreationRules = t.Optional(t.Nullable(AcceptanceRulesSchema));

/** The customer's language as the broker sets it: one of LANGUAGES ("en", "es"), checked by the service; null or left out: not set. */
const LanguageField = t.Optional(t.Nullable(t.String({ maxLength: 16, error: LANGUAGE_ERROR })));

const dateText = (field: string) =>
  optionalText(64, `${field} must be a date and time, such as 2026-12-01T17:00:00Z`);

export const CreateCustomerBody = t.Object({
  name: optionalText(MAX_NAME_LENGTH, `Names must be text of at most ${MAX_NAME_LENGTH} characters`),
  email: t.String({ maxLength: MAX_EMAIL_LENGTH, error: "Invalid email address" }),
  loanType: optionalText(60, "Loan type must be text of at most 60 characters"),
  /** ISO timestamp applied to every requested document. */
  dueDate: dateText("dueDate"),
  /** Optional reminder time (ISO) for those documents. */
  reminderTime: dateText("reminderTime"),
  /** Standard names ("Paystub") or custom entries (`custom:{name}:{description}`). */
  requiredDocuments: t.Optional(
    t.Array(
      t.Object({
        name: t.String({ maxLength: 700 }),
        description: t.Optional(t.Union([t.String({ maxLength: 500 }), t.Null()])),
        acceptanceRules: CreationRules,
      }),
      { maxItems: 100, error: "requiredDocuments must be a list of {name, description} of at most 100 documents, names up to 120 characters" },
    ),
  ),
  /**
   * Sent by Send Documents for a customer it adds: the share that follows is their first email.
   * With no documents requested, the invitation waits (customers/requests.ts) and the share takes
   * its place; without a share it goes out alone after a while.
   */
  shareFollows: t.Optional(t.Boolean({ error: "shareFollows must be true or false" })),
  language: LanguageField,
});
export type CreateCustomerInput = typeof CreateCustomerBody.static;

export const RequestDocumentsBody = t.Object({
  documentTypes: t.Array(t.String({ maxLength: 700 }), {
    maxItems: 100,
    error: "documentTypes must be a list of at most 100 document names",
  }),
  /** Rules per document, one entry each in documentTypes' order (null: the standard ones); left out: all standard. */
  acceptanceRules: t.Optional(t.Array(t.Nullable(AcceptanceRulesSchema), { maxItems: 100, error: "acceptanceRules must be a list of rules (or null), one per document" })),
  dueDate: dateText("dueDate"),
  reminderTime: dateText("reminderTime"),
});
export type RequestDocumentsInput = typeof RequestDocumentsBody.static;

// Missing fields get the spec's message; lengths are checked by the service with their own.
const required = t.String({ maxLength: 2000, error: "Please fill in all required fields" });
/** `language` left out: unchanged; null: no longer set. */
export const UpdateCustomerBody = t.Object({ name: required, email: required, loanType: required, language: LanguageField });
export type UpdateCustomerInput = typeof UpdateCustomerBody.static;

/** One broker's relationship with one customer, with the progress of what was requested. */
/** The member responsible for a customer (their broker in the workspace). */
export const Assignee = t.Object({ id: t.String(), firstName: t.Nullable(t.String()), lastName: t.Nullable(t.String()), email: t.String() });

export const CustomerDto = t.Object({
  id: t.String(),
  name: t.String(),
  email: t.String(),
  loanType: t.Nullable(t.String()),
  invitationStatus: t.UnionEnum(["pending", "accepted"]),
  invitedAt: IsoDate,
  acceptedAt: MaybeDate,
  lastReminderAt: MaybeDate,
  lastActive: MaybeDate,
  /** The assignee's name (the broker the customer deals with). */
  brokerName: t.String(),
  assigneeId: t.String(),
  assignee: Assignee,
  /** Members who follow this customer besides the assignee (PUT /api/customers/{id}/watchers), by id. */
  watcherIds: t.Array(t.String()),
  uploadLink: t.String(),
  /** The language the broker set ("en", "es"); null: not set (the workspace's default applies). */
  language: t.Nullable(t.String()),
  /** The customer's own choice in the portal, which wins over the broker's; null: none. */
  chosenLanguage: t.Nullable(t.String()),
  status: t.UnionEnum(["completed", "pending"]),
  documentCounts: DocumentCounts,
});
export type CustomerDto = typeof CustomerDto.static;

export const CustomerList = t.Array(CustomerDto);

/**
 * ?assignee=me|{memberId}: only that member's customers, of those the asker sees ("Mine / All" and a
 * colleague's pipeline). The customer list, All Customers and the dashboard take it alike.
 */
const AssigneeFilter = t.Optional(t.String({ minLength: 1, maxLength: 64, error: "assignee must be me or a member's id" }));

/**
 * How All Customers may be sorted: by name (A–Z) or invitation time, a leading "-" reverses; or
 * "urgency", most urgent first (URGENCY_TIERS, src/shared/documents.ts: the dashboard's overview).
 */
export const CUSTOMER_SORTS = ["name", "-name", "invitedAt", "-invitedAt", "urgency"] as const;
export type CustomerSort = (typeof CUSTOMER_SORTS)[number];
export const MAX_PAGE_SIZE = 100;
export const PAGE_SIZE_ERROR = `pageSize must be a whole number from 1 to ${MAX_PAGE_SIZE}`;

/**
 * GET /api/all-customers?page&pageSize&q&status&sort[&email][&assignee]: one page of the list, searched (name or
 * email), filtered (invitation status) and sorted on the server. Without any of them the whole
 * list is answered, as the spec's screens ask for it.
 */
export const CustomerPageQuery = t.Object({
  // Digits, made numbers by pagingOf (service.ts). Not t.Numeric: it carries a Transform, and
  // Elysia runs TypeBox's interpreted Decode (twice) over a query holding one, ~15 % of a page read.
  page: t.Optional(t.String({ pattern: "^[1-9][0-9]{0,5}$", error: "page must be a whole number of at least 1" })),
  pageSize: t.Optional(t.String({ pattern: "^[1-9][0-9]{0,2}$", error: PAGE_SIZE_ERROR })),
  q: t.Optional(t.String({ maxLength: 200, error: "q must be text of at most 200 characters" })),
  /**
   * The customer with exactly this address (any case), if any: a dialog asks whether a typed address
   * is already a customer. q cannot answer that: "a@gmail.com" is inside every "…a@gmail.com", and
   * the one sought may be pages away.
   */
  email: t.Optional(t.String({ maxLength: MAX_EMAIL_LENGTH, error: `email must be text of at most ${MAX_EMAIL_LENGTH} characters` })),
  // `default: undefined`: Elysia's UnionEnum otherwise fills in its first value, and an absent
  // parameter must stay absent (no parameter at all asks for the whole list).
  status: t.Optional(t.UnionEnum(["all", "pending", "accepted"], { default: undefined, error: 'status must be "all", "pending" or "accepted"' })),
  sort: t.Optional(t.UnionEnum([...CUSTOMER_SORTS], { default: undefined, error: `sort must be one of ${CUSTOMER_SORTS.join(", ")}` })),
  assignee: AssigneeFilter,
});
export type CustomerPageQuery = typeof CustomerPageQuery.static;

/** GET /api/customers?assignee=me|{memberId} */
export const CustomerListQuery = t.Object({ assignee: AssigneeFilter });
export type CustomerListQuery = typeof CustomerListQuery.static;

/** PUT /api/customers/{id}/assignee */
export const AssigneeBody = t.Object({ memberId: t.String({ maxLength: 64, error: "memberId must be a member's id" }) });

/** POST /api/customers/reassign: every customer of one member to another. */
export const ReassignBody = t.Object({
  fromMemberId: t.String({ maxLength: 64, error: "fromMemberId must be a member's id" }),
  toMemberId: t.String({ maxLength: 64, error: "toMemberId must be a member's id" }),
});
export const Reassigned = t.Object({ moved: t.Number() });

export const CustomerPage = t.Object({
  customers: CustomerList,
  /** Customers matching q and status, over all pages. */
  total: t.Number(),
  page: t.Number(),
  pageSize: t.Number(),
});
export type CustomerPage = typeof CustomerPage.static;

export const CustomerDetailDto = t.Composite([CustomerDto, t.Object({ documents: DocumentList })]);
export type CustomerDetailDto = typeof CustomerDetailDto.static;

export const DocumentLimit = t.Object({
  currentCount: t.Number(),
  /** -1 when the plan has no cap. */
  maxAllowed: t.Number(),
});
export type DocumentLimit = typeof DocumentLimit.static;

export const RequestedDocuments = t.Object({ documents: DocumentList });

/** PUT /api/customers/{id}/watchers: the whole list of members who watch the customer (empty: none). */
export const WatchersBody = t.Object({
  memberIds: t.Array(t.String({ maxLength: 64, error: "memberIds must be a list of members' ids" }), { maxItems: 200, error: "memberIds must be a list of at most 200 members' ids" }),
});
export const Watchers = t.Object({ watcherIds: t.Array(t.String()) });
export type Watchers = typeof Watchers.static;
