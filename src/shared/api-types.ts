// The JSON shapes of the API (dates as ISO strings), for the web app. Each is declared once, as the
// `t` schema in its feature's model.ts that the route validates its body or response with; these
// are the types derived from those schemas. Type-only: nothing of the server (or of Elysia) ends
// up in the browser's bundle.
export type { PublicUser as BrokerUser, AuthResponse, CodeRequired, SignInInput, SignUpInput } from "../features/auth/model.ts";
export type { BrokerContactDto, BrokerProfileDto, UpdateProfileInput } from "../features/broker-profile/model.ts";
export type { SiteInfoDto } from "../features/site/model.ts";
export type { BillingSettingsDto, SubscriptionDto } from "../features/billing/model.ts";
export type {
  CheckEmailInput,
  CheckEmailResponse,
  CustomerAuthResponse,
  CustomerSignInInput,
  CustomerSignUpInput,
  ForgotPasswordInput,
  ResetPasswordInput,
} from "../features/customer-auth/model.ts";
export type {
  CreateCustomerInput,
  CustomerDetailDto,
  CustomerDto,
  CustomerPage,
  CustomerPageQuery,
  CustomerSort,
  DocumentLimit,
  RequestDocumentsInput,
  UpdateCustomerInput,
} from "../features/customers/model.ts";
export type { AuditEntryDto, AuditPage } from "../features/audit/model.ts";
export type { DashboardDocumentRow, DashboardMetrics } from "../features/dashboard/model.ts";
export type { DemoVideo } from "../features/demo/model.ts";
export type {
  BulkDueDateInput,
  DocumentCounts,
  DocumentDto,
  DueDateInput,
  VerifyDocumentInput,
} from "../features/documents/model.ts";
export type { FileLinkDto } from "../features/files/model.ts";
export type { LiveMessage, LiveUpdateType } from "../features/live/model.ts";
export type { BrokerNotificationDto, CustomerNotificationDto, UnreadCountDto } from "../features/notifications/model.ts";
export type { CustomerProfileDto } from "../features/customer-auth/model.ts";
export type { PortalDocumentDto, PortalDto } from "../features/portal/model.ts";
export type { ShareResponse, ShareSettings } from "../features/sharing/model.ts";
export type { TemplateDto, TemplateInput, TemplateList } from "../features/templates/model.ts";
export type { RemindersResponse } from "../features/reminders/model.ts";
export type { Message as MessageResponse } from "../lib/model.ts";
export type { SignatureRequestDto } from "../features/signatures/model.ts";
