// The JSON shapes of the broker API (dates as ISO strings). The server builds its responses as
// these types and the web app reads them, so both sides agree by construction.
import type { CustomerStatus, DocumentStatus } from "./documents.ts";
import type { PlanId } from "./plans.ts";

export interface DocumentDto {
  id: string;
  customerId: string;
  brokerId: string;
  name: string;
  description: string | null;
  status: DocumentStatus;
  dueDate: string | null;
  reminderAt: string | null;
  /** Where the broker downloads the file (session-authenticated), or null without a file. */
  fileUrl: string | null;
  /** The same file shown inline (PDF or image in the viewer), or null without a file. */
  viewUrl: string | null;
  /** The name the customer's file had, for display only. */
  fileName: string | null;
  originalName: string | null;
  fileSize: number | null;
  mimeType: string | null;
  rejectionReason: string | null;
  adminComments: string | null;
  uploadedAt: string | null;
  verifiedAt: string | null;
  createdAt: string;
}

export interface DocumentCounts {
  /** Requested documents (shared files are not counted). */
  total: number;
  approved: number;
  /** Uploaded and waiting for review. */
  underReview: number;
  /** Still waiting for the customer: requested, incomplete, re-submit, overdue. */
  awaitingUpload: number;
  overdue: number;
}

export interface CustomerDto {
  id: string;
  name: string;
  email: string;
  loanType: string | null;
  invitationStatus: "pending" | "accepted";
  invitedAt: string;
  acceptedAt: string | null;
  lastReminderAt: string | null;
  lastActive: string | null;
  brokerName: string;
  uploadLink: string;
  status: CustomerStatus;
  documentCounts: DocumentCounts;
}

export interface CustomerDetailDto extends CustomerDto {
  documents: DocumentDto[];
}

/** One row of the dashboard's pending, completed-today and shared lists. */
export interface DashboardDocumentRow {
  documentId: string;
  customerId: string;
  customerName: string;
  documentName: string;
  status: DocumentStatus;
  dueDate: string | null;
  uploadedAt: string | null;
}

export interface DashboardMetrics {
  totalCustomers: number;
  pendingDocs: number;
  overdueDocs: number;
  completedToday: number;
}

export interface DocumentLimit {
  currentCount: number;
  /** -1 when the plan has no cap. */
  maxAllowed: number;
}

export interface SubscriptionDto {
  subscription: { plan: PlanId; status: "active" | "canceled" | "incomplete"; currentPeriodEnd: string | null };
  limits: { customersUsed: number; customersLimit: number; documentsUsed: number; documentsLimit: number };
  canCreateCustomer: boolean;
  canCreateDocument: boolean;
  /** False when the portal runs without Stripe keys: every broker is unlimited. */
  billingEnabled: boolean;
}

export interface CreateCustomerInput {
  name?: string;
  email: string;
  loanType?: string | null;
  /** ISO timestamp applied to every requested document. */
  dueDate?: string | null;
  /** Optional reminder time (ISO) for those documents. */
  reminderTime?: string | null;
  /** Standard names ("Paystub") or custom entries (`custom:{name}:{description}`). */
  requiredDocuments?: { name: string; description?: string }[];
}

export interface RequestDocumentsInput {
  documentTypes: string[];
  dueDate?: string | null;
  reminderTime?: string | null;
}

export interface UpdateCustomerInput {
  name: string;
  email: string;
  loanType: string;
}

export interface VerifyDocumentInput {
  status: "approved" | "rejected";
  comments?: string;
  rejectionReason?: string;
}

export interface DueDateInput {
  dueDate: string;
  reminderTime?: string | null;
}

export interface BulkDueDateInput extends DueDateInput {
  documentIds: string[];
}

export interface MessageResponse {
  message: string;
}

export interface RemindersResponse {
  message: string;
  sentCount: number;
}

/** The signed-in customer, as the portal's profile menu shows them. */
export interface CustomerProfileDto {
  id: string;
  name: string;
  email: string;
  /** The loan type of the first broker who gave one. */
  loanType: string | null;
  /** Names of the brokers who invited them, in invitation order. */
  invitedBy: string[];
}

/**
 * A document as the customer portal shows it. Guests (not signed in) get only what they need to
 * upload: the fields above `status`. Signed-in customers also get status, file and review fields.
 */
export interface PortalDocumentDto {
  id: string;
  brokerId: string;
  name: string;
  description: string | null;
  dueDate: string | null;
  /** Whether an upload is accepted now (requested, incomplete, re-submit or overdue). */
  canUpload: boolean;
  status?: DocumentStatus;
  fileName?: string | null;
  fileSize?: number | null;
  mimeType?: string | null;
  uploadedAt?: string | null;
  verifiedAt?: string | null;
  rejectionReason?: string | null;
  adminComments?: string | null;
  viewUrl?: string | null;
  downloadUrl?: string | null;
}

export interface PortalDto {
  /** Guests see only the customer's first name-ish display name and id. */
  customer: { id: string; name: string } | CustomerProfileDto;
  authenticated: boolean;
  documents: PortalDocumentDto[];
  brokers: { id: string; name: string }[];
  /** The server's MAX_UPLOAD_MB in bytes, so the portal refuses a too-large file before sending it. */
  maxUploadBytes: number;
}

export interface CustomerAuthResponse {
  customer: CustomerProfileDto;
}

interface NotificationBase {
  id: string;
  type: string;
  title: string;
  message: string;
  createdAt: string;
  /** For example { customerId, documentId }: the broker's bell opens /customer/{customerId}. */
  metadata: Record<string, unknown> | null;
}

/** Broker side: types document_uploaded, document_verified, customer_invited. */
export interface BrokerNotificationDto extends NotificationBase {
  read: boolean;
}

/** Customer side (the flag is named isRead there): document_verified, documents_requested, document_deleted, other. */
export interface CustomerNotificationDto extends NotificationBase {
  isRead: boolean;
}

export interface UnreadCountDto {
  count: number;
}

/** Messages on the live channel (/ws). */
export type LiveMessage =
  | { type: "data_update"; updateType: string; data: { customerId?: string; documentId?: string; documentIds?: string[] } }
  | { type: "force_refresh"; updateType: string }
  | { type: "notification"; data: { id: string; audience: "broker" | "customer" } }
  | { type: "notification_update" }
  | { type: "auth_success"; role: "broker" | "customer" }
  | { type: "auth_error"; message: string };
