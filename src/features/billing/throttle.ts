// Per-broker limits on the routes that call Stripe for the broker (create and activate), so one
// account (or a stolen session) cannot make the portal hammer Stripe, create subscriptions by the
// hundred or get the portal's Stripe key rate-limited for every other broker.
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { FailureLimiter } from "../../lib/rate-limit.ts";
import { perContext } from "../../lib/instance-state.ts";

export const PAYMENT_CALLS_PER_HOUR = 10;
const HOUR = 60 * 60 * 1000;

type PaymentCall = "create" | "activate";

const limitersFor = perContext(
  "payment call limits",
  "shared",
  "the counts are in the database (rate_limits); this holds only the limits' settings",
  (ctx: AppContext): Record<PaymentCall, FailureLimiter> => ({
    create: new FailureLimiter(ctx, "payment-create", PAYMENT_CALLS_PER_HOUR, HOUR),
    activate: new FailureLimiter(ctx, "payment-activate", PAYMENT_CALLS_PER_HOUR, HOUR),
  }),
);

export const tooManyPaymentCalls = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `Too many payment attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
};

/** Counts one call, or throws 429 (with Retry-After) once the broker has made 10 this hour. */
export async function throttlePaymentCall(ctx: AppContext, call: PaymentCall, brokerId: string): Promise<void> {
  const wait = await limitersFor(ctx)[call].take(brokerId);
  if (wait > 0) throw new AppError("too_many_requests", tooManyPaymentCalls(wait), { retryAfter: wait });
}
