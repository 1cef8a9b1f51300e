// A customer with documents in every interesting state, and a fake server for the detail screen.
import type { CustomerDetailDto, DocumentDto, DocumentLimit } from "../../src/shared/api-types";
import { json, type FakeRoute } from "../support/render-app";

const HOUR = 3_600_000;

export const broker = { id: "u1", email: "ada@example.com", firstName: "Ada", lastName: "Lovelace", profileImageUrl: null, workspaceId: "u1", role: "owner" as const };

export function doc(overrides: Partial<DocumentDto> & Pick<DocumentDto, "id" | "name" | "status">): DocumentDto {
  return {
    customerId: "c1",
    brokerId: "u1",
    description: null,
    kind: "upload",
    dueDate: null,
    reminderAt: null,
    fileUrl: null,
    viewUrl: null,
    fileName: null,
    originalName: null,
    fileSize: null,
    mimeType: null,
    rejectionReason: null,
    adminComments: null,
    uploadedAt: null,
    verifiedAt: null,
    createdAt: "2025-01-01T00:00:00.000Z",
    ...overrides,
  };
}

const withFile = (name: string) => ({
  fileUrl: `/api/documents/${name}/download`,
  viewUrl: `/api/documents/${name}/view`,
  originalName: name,
  fileName: name,
  fileSize: 245_000,
  mimeType: "application/pdf",
  uploadedAt: "2025-03-02T10:00:00.000Z",
});

export function sampleDocuments(now = Date.now()): DocumentDto[] {
  return [
    doc({ id: "d1", name: "Paystub", status: "uploaded", description: "Recent pay stubs", ...withFile("paystub.pdf") }),
    doc({ id: "d2", name: "Bank Statement", status: "approved", ...withFile("bank.pdf"), verifiedAt: "2025-03-03T10:00:00.000Z" }),
    doc({ id: "d3", name: "Tax Returns", status: "requested", dueDate: new Date(now + 72 * HOUR).toISOString() }),
    doc({
      id: "d4",
      name: "Photo ID",
      status: "need_to_resubmit",
      rejectionReason: "The photo is blurry",
      ...withFile("id.jpg"),
      mimeType: "image/jpeg",
    }),
    doc({ id: "d5", name: "Credit Report", status: "need_to_resubmit", rejectionReason: "Never uploaded" }),
    doc({ id: "s1", name: "Welcome pack", status: "shared", ...withFile("welcome.pdf") }),
  ];
}

export function customer(documents: DocumentDto[] = sampleDocuments()): CustomerDetailDto {
  return {
    id: "c1",
    name: "Grace Hopper",
    email: "grace@example.com",
    loanType: "fha",
    invitationStatus: "accepted",
    invitedAt: "2025-01-01T00:00:00.000Z",
    acceptedAt: "2025-01-02T00:00:00.000Z",
    lastReminderAt: null,
    lastActive: "2025-03-04T00:00:00.000Z",
    brokerName: "Ada Lovelace",
    assigneeId: "u1",
    assignee: { id: "u1", firstName: "Ada", lastName: "Lovelace", email: "ada@example.com" },
    watcherIds: [],
    uploadLink: "link-1",
    language: null,
    chosenLanguage: null,
    status: "pending",
    documentCounts: { total: 0, approved: 0, underReview: 0, awaitingUpload: 0, overdue: 0 },
    documents,
  };
}

/** The detail screen's reads; `extra` answers the writes a test cares about. */
export function detailServer(
  options: { customer?: CustomerDetailDto; limit?: DocumentLimit; extra?: FakeRoute } = {},
): FakeRoute {
  const detail = options.customer ?? customer();
  const limit = options.limit ?? { currentCount: 5, maxAllowed: -1 };
  return (request) => {
    const answered = options.extra?.(request);
    if (answered) return answered;
    if (request.path === "/api/auth/user") return json(200, broker);
    if (request.path === `/api/customer/${detail.id}`) return json(200, detail);
    if (request.path === `/api/customers/${detail.id}/document-limit`) return json(200, limit);
    return undefined;
  };
}
