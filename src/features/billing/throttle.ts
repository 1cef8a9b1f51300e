// Per-broker limits on the routes that call Stripe for the broker (create and activate), so one
// account (or a stolen session) cannot make the portal hammer Stripe, create subscriptions by the
// hundred or get the portal's Stripe key rate-limited for every other broker.
import type { AppContext } from "../../context.ts";
import { AppError } from "../../lib/errors.ts";
import { FailureLimiter } from "../../lib/rate-limit.ts";

export const PAYMENT_CALLS_PER_HOUR = 10;
const HOUR = 60 * 60 * 1000;

type PaymentCall = "create" | "activate";

const limiters = new WeakMap<AppContext, Record<PaymentCall, FailureLimiter>>();

function limitersFor(ctx: AppContext) {
  let found = limiters.get(ctx);
  if (!found) {
    found = { create: new FailureLimiter(ctx, "payment-create", PAYMENT_CALLS_PER_HOUR, HOUR), activate: new FailureLimiter(ctx, "payment-activate", PAYMENT_CALLS_PER_HOUR, HOUR) };
    limiters.set(ctx, found);
  }
  return found;
}

export const tooManyPaymentCalls = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `Too many payment attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
};

/** Counts one call, or throws 429 (with Retry-After) once the broker has made 10 this hour. */
export async function throttlePaymentCall(ctx: AppContext, call: PaymentCall, brokerId: string): Promise<void> {
  const wait = await limitersFor(ctx)[call].take(brokerId);
  if (wait > 0) throw new AppError("too_many_requests", tooManyPaymentCalls(wait), { retryAfter: wait });
}
