// The time zone a sealed PDF's certificate page writes its times in (certificate-page.ts): the
// broker's, that is the customer's assignee's (their profile's zone, which their browser reports at
// sign-in), as the emails and cadence reminders use it. The seal job reads it before sealing.
import type { Reader } from "../../../db/client.ts";
import type { AppContext } from "../../context.ts";
import { emailSender } from "../broker-profile/contact.ts";
import type { CustomerContact } from "../customers/lookups.ts";

/** The zone, or null when the assignee has none (or is gone): the page is then written in UTC. */
export async function brokerTimeZone(ctx: AppContext, customer: CustomerContact, db: Reader = ctx.db): Promise<string | null> {
  return (await emailSender(ctx, customer, db))?.timeZone || null;
}
