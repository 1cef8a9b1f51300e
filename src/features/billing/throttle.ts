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
    found = { create: new FailureLimiter(PAYMENT_CALLS_PER_HOUR, HOUR, ctx.clock), activate: new FailureLimiter(PAYMENT_CALLS_PER_HOUR, HOUR, ctx.clock) };
    limiters.set(ctx, found);
  }
  return found;
}

export const tooManyPaymentCalls = (seconds: number) => {
  const minutes = Math.ceil(seconds / 60);
  return `Too many payment attempts. Please try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`;
};

/** Counts one call, or throws 429 (with Retry-After) once the broker has made 10 this hour. */
export function throttlePaymentCall(ctx: AppContext, call: PaymentCall, brokerId: string): void {
  const limiter = limitersFor(ctx)[call];
  const wait = limiter.retryAfter(brokerId);
  if (wait > 0) throw new AppError("too_many_requests", tooManyPaymentCalls(wait), { retryAfter: wait });
  limiter.recordFailure(brokerId);
}
