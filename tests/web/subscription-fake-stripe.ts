// A Stripe.js object for component tests: the shape @stripe/react-stripe-js checks, a Payment
// Element that mounts a marker, and confirmPayment answering what the test decides.
import type { Stripe } from "@stripe/stripe-js";
import { forgetLoadedStripe, stripeLoader } from "../../web/features/subscription/stripe-loader";

export type ConfirmResult = { error: { message: string } } | { paymentIntent: { id: string; status: string } } | "throw";

export function installFakeStripe(confirm: (clientSecret: string) => ConfirmResult) {
  const seen = { loadedWith: [] as string[], confirmed: [] as string[], clientSecret: "" };
  const element = () => ({
    mount(node: HTMLElement | string) {
      if (typeof node !== "string") node.setAttribute("data-payment-element", "mounted");
    },
    on() {
      return this;
    },
    off() {
      return this;
    },
    update() {},
    destroy() {},
    unmount() {},
  });
  const fake = {
    elements(options: { clientSecret: string }) {
      seen.clientSecret = options.clientSecret;
      return { create: element, getElement: () => null, update() {}, fetchUpdates: async () => ({}), submit: async () => ({}) };
    },
    createToken: async () => ({}),
    createPaymentMethod: async () => ({}),
    confirmCardPayment: async () => ({}),
    async confirmPayment() {
      seen.confirmed.push(seen.clientSecret);
      const result = confirm(seen.clientSecret);
      if (result === "throw") throw new Error("network down");
      return result;
    },
  };
  forgetLoadedStripe();
  stripeLoader.load = async (key: string) => {
    seen.loadedWith.push(key);
    return fake as unknown as Stripe;
  };
  return seen;
}
