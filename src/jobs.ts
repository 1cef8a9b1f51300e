// Every kind of background job and the feature function that runs it.
import { deliverEmail, SEND_EMAIL_JOB } from "./features/mail/service.ts";
import { HELD_EMAIL_JOB, sendHeldEmail } from "./features/mail/held.ts";
import { REVIEW_EMAIL_JOB, sendReviewEmail } from "./features/documents/transitions/review-email.ts";
import { SEAL_JOB } from "./features/signatures/signing.ts";
import { sealSignatureRequest } from "./features/signatures/seal-job.ts";
import { markOverdueDocuments, sendScheduledReminders } from "./features/reminders/scheduled.ts";
import { sendCadenceReminders } from "./features/reminders/cadence.ts";
import { requestExpiringRenewals } from "./features/expiry/service.ts";
import { adoptRecognisedExpiry } from "./features/expiry/recognised.ts";
import { recogniseStoredUpload, RECOGNISE_UPLOAD_JOB } from "./features/portal/recognition.ts";
import { purgeExpiredBrokerAuth } from "./features/auth/service.ts";
import { purgeExpiredCustomerAuth } from "./features/customer-auth/service.ts";
import { purgeExpiredInvitations } from "./features/workspaces/invitations.ts";
import { expireCanceledPlans } from "./features/billing/expiry.ts";
import { WEBHOOK_DELIVERY_JOB } from "./features/webhooks/outbox.ts";
import { sendWebhookDelivery } from "./features/webhooks/delivery-job.ts";
import { purgeOldWebhookEvents } from "./features/webhooks/purge.ts";
import { atMostEvery, type JobHandler, type PeriodicTask } from "./lib/jobs.ts";
import { purgeExpiredRateLimits } from "./lib/rate-limit.ts";

export const jobHandlers: Record<string, JobHandler> = {
  [SEND_EMAIL_JOB]: deliverEmail,
  [HELD_EMAIL_JOB]: sendHeldEmail,
  [REVIEW_EMAIL_JOB]: sendReviewEmail,
  // A photo ID read after it was approved still gives the document its expiry.
  [RECOGNISE_UPLOAD_JOB]: (ctx, job) => recogniseStoredUpload(ctx, job, adoptRecognisedExpiry),
  [SEAL_JOB]: sealSignatureRequest,
  // Never on a request's path: the outbox (webhooks/outbox.ts) queues one job per attempt.
  [WEBHOOK_DELIVERY_JOB]: sendWebhookDelivery,
};

/**
 * Jobs that may run long, with how many of each run at once: the scheduler runs them beside its
 * passes, so the emails due meanwhile (sign-up codes, resets) are not kept behind them. A
 * recognition's OCR takes up to a minute on one thread (2, the reading threads); a webhook
 * delivery to a receiver that never answers holds its slot 10 s (8: a few silent receivers do not
 * stop the others, nor the emails).
 */
export const detachedJobs: Readonly<Record<string, number>> = { [RECOGNISE_UPLOAD_JOB]: 2, [WEBHOOK_DELIVERY_JOB]: 8 };

/** Checked on every scheduler tick (every 5 s) and at start, for anything missed while stopped. */
export const periodicTasks: PeriodicTask[] = [
  markOverdueDocuments,
  sendScheduledReminders,
  sendCadenceReminders,
  requestExpiringRenewals,
  expireCanceledPlans,
  atMostEvery(60 * 60 * 1000, async (ctx) => {
    await purgeExpiredBrokerAuth(ctx);
    await purgeExpiredCustomerAuth(ctx);
    await purgeExpiredInvitations(ctx);
    await purgeExpiredRateLimits(ctx);
    await purgeOldWebhookEvents(ctx);
  }),
];
