// Every kind of background job and the feature function that runs it.
import { deliverEmail, SEND_EMAIL_JOB } from "./features/mail/service.ts";
import type { JobHandler } from "./lib/jobs.ts";

export const jobHandlers: Record<string, JobHandler> = {
  [SEND_EMAIL_JOB]: deliverEmail,
};
