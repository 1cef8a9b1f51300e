// Stripe.js is fetched from js.stripe.com only when a broker opens the payment form on a portal
// with billing on (the /pure entry does not load it on import). Component tests replace `load`.
import type { Stripe } from "@stripe/stripe-js";

export const stripeLoader = {
  load: async (publishableKey: string): Promise<Stripe | null> => {
    const { loadStripe } = await import("@stripe/stripe-js/pure");
    return loadStripe(publishableKey);
  },
};

const loaded = new Map<string, Promise<Stripe | null>>();

/** One Stripe.js per key per page. */
export function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let promise = loaded.get(publishableKey);
  if (!promise) {
    promise = stripeLoader.load(publishableKey);
    loaded.set(publishableKey, promise);
    promise.catch(() => loaded.delete(publishableKey));
  }
  return promise;
}

/** Tests start each case with a fresh load. */
export const forgetLoadedStripe = () => loaded.clear();
