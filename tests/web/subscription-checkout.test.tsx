// Choosing, paying for and canceling plans in the browser: the plan cards, Pricing, Free Plan
// Information, Confirm Plan Change, the Stripe Elements payment dialog (with a fake Stripe.js)
// and every subscription toast of SPEC 8.
import { afterEach, beforeEach, expect, test } from "bun:test";
import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import type { SubscriptionDto } from "../../src/shared/api-types";
import { fakeServer, json, renderApp, signedOut, type FakeRoute } from "../support/render-app";
import { brokerServer, subscription } from "./customers-fixtures";
import { installFakeStripe, type ConfirmResult } from "./subscription-fake-stripe";
import { toastQueue } from "../../web/components/ui/Toast";

const billingOn = { billingEnabled: true, publishableKey: "pk_test_fake", prices: { basic: 29.99, pro: 59.99, unlimited: 99.99 } };
const billingOff = { billingEnabled: false, publishableKey: null, prices: null };

/** A signed-in broker on `plan`; billing settings as given; `extra` answers first. */
function server(plan: SubscriptionDto, settings: object = billingOn, extra: FakeRoute = () => undefined) {
  return fakeServer(
    brokerServer([], plan, (request) => extra(request) ?? (request.path === "/api/billing/config" ? json(200, settings) : undefined)),
  );
}

const paid = (clientSecret: string): ConfirmResult => ({ paymentIntent: { id: clientSecret.split("_secret_")[0]!, status: "succeeded" } });

async function plansSection() {
  const heading = await screen.findByRole("heading", { name: "Choose your plan" });
  return heading.closest("section") as HTMLElement;
}
const card = (section: HTMLElement, name: string) => within(section).getByRole("heading", { name }).closest("article") as HTMLElement;

/** Opens the plans, chooses Pro and pays with the fake card. */
async function payForPro() {
  renderApp("/#subscription_plan");
  fireEvent.click(within(card(await plansSection(), "Pro")).getByRole("button", { name: "Upgrade to Pro" }));
  const dialog = await screen.findByRole("dialog", { name: "Subscribe to Pro" });
  const pay = await within(dialog).findByRole("button", { name: "Pay $59.99" });
  await waitFor(() => expect(dialog.querySelector("[data-payment-element=mounted]")).toBeTruthy());
  fireEvent.click(pay);
}

// The app's toast queue is one per page; a toast left by an earlier test file must not count here.
beforeEach(() => {
  sessionStorage.clear();
  toastQueue.clear();
});
afterEach(() => sessionStorage.clear());

test("billing off: the plan cards show no price and no way to pay, and Stripe.js is never loaded", async () => {
  const seen = installFakeStripe(paid);
  server(subscription("unlimited", { billingEnabled: false }), billingOff);
  renderApp("/#subscription_plan");
  const section = await plansSection();
  await within(section).findByText(/Billing is not enabled on this portal/);
  expect(within(section).queryByText(/\$\d/)).toBeNull();
  expect(within(section).getAllByText("Not charged on this portal")).toHaveLength(4);
  for (const button of within(section).getAllByRole("button", { name: "Billing is not enabled" })) expect((button as HTMLButtonElement).disabled).toBe(true);
  expect(seen.loadedWith).toEqual([]);
});

test("free broker: the operator's prices, Current Plan disabled, and paying for Pro activates it then goes to the dashboard", async () => {
  const seen = installFakeStripe(paid);
  const calls = server(subscription("free"), billingOn, ({ method, path, body }) => {
    if (method === "POST" && path === "/api/create-subscription") return json(200, { clientSecret: `pi_for_${(body as { plan: string }).plan}_secret_abc` });
    if (method === "POST" && path === "/api/activate-subscription") return json(200, subscription("pro"));
    return undefined;
  });
  renderApp("/#subscription_plan");
  const section = await plansSection();
  const basic = card(section, "Basic");
  expect(await within(basic).findByText("$29.99")).toBeTruthy();
  expect((within(card(section, "Free")).getByRole("button", { name: "Current Plan" }) as HTMLButtonElement).disabled).toBe(true);
  expect(seen.loadedWith).toEqual([]); // nothing loaded before a plan is chosen

  fireEvent.click(within(card(section, "Pro")).getByRole("button", { name: "Upgrade to Pro" }));
  const dialog = await screen.findByRole("dialog", { name: "Subscribe to Pro" });
  const pay = await within(dialog).findByRole("button", { name: "Pay $59.99" });
  await waitFor(() => expect(dialog.querySelector("[data-payment-element=mounted]")).toBeTruthy());
  expect(seen.loadedWith).toEqual(["pk_test_fake"]);
  expect(calls.find((c) => c.path === "/api/create-subscription")?.body).toEqual({ plan: "pro" });

  const userReads = () => calls.filter((c) => c.path === "/api/auth/user").length;
  const before = userReads();
  fireEvent.click(pay);
  expect(await screen.findByText("Payment received. Your Pro plan is active.")).toBeTruthy();
  expect(calls.find((c) => c.path === "/api/activate-subscription")?.body).toEqual({ paymentIntentId: "pi_for_pro" });
  // SPEC 4: to /dashboard after 500 ms, and the user, plan, metrics and lists are fetched again (after 1 s).
  expect(await screen.findByRole("heading", { level: 1, name: "Dashboard" }, { timeout: 3000 })).toBeTruthy();
  await waitFor(() => expect(userReads()).toBeGreaterThan(before), { timeout: 3000 });
});

test("when Stripe's webhook activated the plan before the dialog asked (activate answers 404), the payment is shown as received", async () => {
  installFakeStripe(paid);
  let activatedByWebhook = false;
  const calls = server(subscription("free"), billingOn, ({ method, path }) => {
    if (method === "POST" && path === "/api/create-subscription") return json(200, { clientSecret: "pi_for_pro_secret_abc" });
    if (method === "POST" && path === "/api/activate-subscription") {
      activatedByWebhook = true;
      return json(404, { message: "No payment of yours is waiting with this id. Please choose your plan again." });
    }
    if (path === "/api/subscription" && activatedByWebhook) return json(200, subscription("pro"));
    return undefined;
  });
  await payForPro();
  // Shown for 500 ms before the dialog closes and the dashboard opens.
  await waitFor(() => expect(screen.queryAllByText("Payment received. Your Pro plan is active.").length).toBe(1), { timeout: 3000, interval: 20 });
  expect(screen.queryByText("Payment completed but subscription activation failed. Please contact support.")).toBeNull();
});

test("a 404 from activate while the plan is still free is the activation failure it is", async () => {
  installFakeStripe(paid);
  server(subscription("free"), billingOn, ({ method, path }) => {
    if (method === "POST" && path === "/api/create-subscription") return json(200, { clientSecret: "pi_for_pro_secret_abc" });
    if (method === "POST" && path === "/api/activate-subscription") return json(404, { message: "No payment of yours is waiting with this id. Please choose your plan again." });
    return undefined;
  });
  await payForPro();
  expect(await screen.findByText("Payment completed but subscription activation failed. Please contact support.", {}, { timeout: 3000 })).toBeTruthy();
});

test("a declined card shows Payment Failed with Stripe's words and changes nothing", async () => {
  installFakeStripe(() => ({ error: { message: "Your card was declined." } }));
  const calls = server(subscription("free"), billingOn, ({ method, path }) =>
    method === "POST" && path === "/api/create-subscription" ? json(200, { clientSecret: "pi_x_secret_y" }) : undefined,
  );
  renderApp("/#subscription_plan");
  const section = await plansSection();
  fireEvent.click(within(card(section, "Basic")).getByRole("button", { name: "Upgrade to Basic" }));
  const dialog = await screen.findByRole("dialog", { name: "Subscribe to Basic" });
  await waitFor(() => expect(dialog.querySelector("[data-payment-element=mounted]")).toBeTruthy());
  fireEvent.click(within(dialog).getByRole("button", { name: "Pay $29.99" }));
  expect(await screen.findByText("Payment Failed")).toBeTruthy();
  expect(screen.getByText("Your card was declined.")).toBeTruthy();
  expect(calls.some((c) => c.path === "/api/activate-subscription")).toBe(false);
});

test("a payment that succeeded but could not be activated says so; an exception is a Payment Error", async () => {
  let mode: "activate-fails" | "throws" = "activate-fails";
  installFakeStripe((secret) => (mode === "throws" ? "throw" : paid(secret)));
  server(subscription("free"), billingOn, ({ method, path }) => {
    if (method === "POST" && path === "/api/create-subscription") return json(200, { clientSecret: "pi_y_secret_z" });
    if (method === "POST" && path === "/api/activate-subscription") return json(409, { message: "not paid" });
    return undefined;
  });
  renderApp("/#subscription_plan");
  const section = await plansSection();
  fireEvent.click(within(card(section, "Basic")).getByRole("button", { name: "Upgrade to Basic" }));
  const dialog = await screen.findByRole("dialog", { name: "Subscribe to Basic" });
  await waitFor(() => expect(dialog.querySelector("[data-payment-element=mounted]")).toBeTruthy());
  fireEvent.click(within(dialog).getByRole("button", { name: "Pay $29.99" }));
  expect(await screen.findByText("Payment completed but subscription activation failed. Please contact support.")).toBeTruthy();

  mode = "throws";
  fireEvent.click(within(dialog).getByRole("button", { name: "Pay $29.99" }));
  expect(await screen.findByText("Payment Error")).toBeTruthy();
  expect(screen.getByText("An unexpected error occurred. Please try again.")).toBeTruthy();
});

test("Subscription Creation Failed offers Try Again and Cancel; a missing client secret is named", async () => {
  installFakeStripe(paid);
  let answer: Response = json(503, { message: "The payment service could not complete the request. Please try again in a moment." });
  const calls = server(subscription("free"), billingOn, ({ method, path }) => (method === "POST" && path === "/api/create-subscription" ? answer : undefined));
  renderApp("/#subscription_plan");
  const section = await plansSection();
  fireEvent.click(within(card(section, "Unlimited")).getByRole("button", { name: "Upgrade to Unlimited" }));
  const dialog = await screen.findByRole("dialog", { name: "Subscribe to Unlimited" });
  // The toast and the dialog's own notice.
  expect(await screen.findAllByText("Subscription Creation Failed")).toHaveLength(2);
  expect(within(dialog).getByText("The payment service could not complete the request. Please try again in a moment.")).toBeTruthy();

  answer = json(200, {});
  fireEvent.click(within(dialog).getByRole("button", { name: "Try Again" }));
  expect(await screen.findAllByText("No client secret received from server")).not.toHaveLength(0);
  expect(calls.filter((c) => c.path === "/api/create-subscription")).toHaveLength(2);
  fireEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Subscribe to Unlimited" })).toBeNull());
});

test("a 401 while creating says Authentication Required", async () => {
  installFakeStripe(paid);
  server(subscription("free"), billingOn, ({ method, path }) => (method === "POST" && path === "/api/create-subscription" ? json(401, { message: "Authentication required" }) : undefined));
  renderApp("/#subscription_plan");
  fireEvent.click(within(card(await plansSection(), "Basic")).getByRole("button", { name: "Upgrade to Basic" }));
  expect(await screen.findByText("Authentication Required")).toBeTruthy();
  expect(screen.getByText("Please sign in to subscribe to a plan.")).toBeTruthy();
});

test("on a paid plan another plan asks Confirm Plan Change with the current plan and its expiry first", async () => {
  installFakeStripe(paid);
  const calls = server(subscription("basic", { subscription: { plan: "basic", status: "active", currentPeriodEnd: "2030-03-03T12:00:00.000Z" } }), billingOn, ({ method, path }) =>
    method === "POST" && path === "/api/create-subscription" ? json(200, { clientSecret: "pi_z_secret_q" }) : undefined,
  );
  renderApp("/#subscription_plan");
  const section = await plansSection();
  expect((within(card(section, "Basic")).getByRole("button", { name: "Current Plan" }) as HTMLButtonElement).disabled).toBe(true);
  fireEvent.click(within(card(section, "Pro")).getByRole("button", { name: "Upgrade to Pro" }));
  const confirm = await screen.findByRole("dialog", { name: "Confirm Plan Change" });
  expect(within(confirm).getByText("Current plan").nextElementSibling?.textContent).toBe("Basic");
  expect(within(confirm).getByText("Expires").nextElementSibling?.textContent).toBe("March 3, 2030");
  expect(within(confirm).getByText("New plan").nextElementSibling?.textContent).toBe("Pro");
  expect(calls.some((c) => c.path === "/api/create-subscription")).toBe(false);
  fireEvent.click(within(confirm).getByRole("button", { name: /Continue to Payment/ }));
  expect(await screen.findByRole("dialog", { name: "Subscribe to Pro" })).toBeTruthy();
  await waitFor(() => expect(calls.find((c) => c.path === "/api/create-subscription")?.body).toEqual({ plan: "pro" }));
});

test("Free is never bought: its button explains that downgrading happens by cancellation and expiry", async () => {
  installFakeStripe(paid);
  const calls = server(subscription("pro"));
  renderApp("/#subscription_plan");
  const section = await plansSection();
  fireEvent.click(within(card(section, "Free")).getByRole("button", { name: "About the Free Plan" }));
  const info = await screen.findByRole("dialog", { name: "Free Plan Information" });
  expect(within(info).getByText(/cancel your subscription on your Profile/)).toBeTruthy();
  expect(within(info).getByText(/then your account is downgraded to the Free plan/)).toBeTruthy();
  expect(calls.some((c) => c.method === "POST")).toBe(false);
});

test("signed out: choosing a plan in Pricing keeps it, says Sign in Required and opens sign-in; after sign-in it is offered again", async () => {
  installFakeStripe(paid);
  fakeServer((request) => (request.path === "/api/billing/config" ? json(200, billingOn) : signedOut(request)));
  const first = renderApp("/");
  fireEvent.click(await screen.findByRole("button", { name: "Pricing" }));
  const pricing = await screen.findByRole("dialog", { name: "Plans and pricing" });
  const basic = within(pricing).getByRole("heading", { name: "Basic" }).closest("article") as HTMLElement;
  expect(await within(basic).findByText("$29.99")).toBeTruthy();
  fireEvent.click(within(basic).getByRole("button", { name: "Upgrade to Basic" }));
  expect(await screen.findByText("Sign in Required")).toBeTruthy();
  expect(await screen.findByRole("dialog", { name: "Broker sign in" })).toBeTruthy();
  expect(sessionStorage.getItem("broker-portal.pending-subscription")).toBe("basic");
  first.unmount();

  // Back signed in on the plan section: the kept plan goes straight to payment, once.
  const calls = server(subscription("free"), billingOn, ({ method, path }) =>
    method === "POST" && path === "/api/create-subscription" ? json(200, { clientSecret: "pi_kept_secret_1" }) : undefined,
  );
  renderApp("/#subscription_plan");
  expect(await screen.findByRole("dialog", { name: "Subscribe to Basic" })).toBeTruthy();
  await waitFor(() => expect(calls.find((c) => c.path === "/api/create-subscription")?.body).toEqual({ plan: "basic" }));
  expect(sessionStorage.getItem("broker-portal.pending-subscription")).toBeNull();
});

test("Cancel Subscription calls the server and shows Subscription Canceled with its message; a failure shows the server's words", async () => {
  let answer = json(200, { message: "Your Pro plan has been canceled. It stays active until March 3, 2030, then your account moves to the Free plan." });
  const calls = server(subscription("pro", { subscription: { plan: "pro", status: "active", currentPeriodEnd: "2030-03-03T12:00:00.000Z" } }), billingOn, ({ method, path }) =>
    method === "POST" && path === "/api/cancel-subscription" ? answer : undefined,
  );
  renderApp("/profile");
  const cardEl = (await screen.findByRole("heading", { name: "Current Subscription Plan" })).closest("section") as HTMLElement;
  fireEvent.click(await within(cardEl).findByRole("button", { name: "Cancel Subscription" }));
  let dialog = await screen.findByRole("dialog", { name: "Cancel Subscription" });
  answer = json(409, { message: "Your subscription is already canceled." });
  fireEvent.click(within(dialog).getByRole("button", { name: "Cancel Subscription" }));
  expect(await screen.findByText("Your subscription is already canceled.")).toBeTruthy();

  answer = new Response("", { status: 500 });
  fireEvent.click(within(dialog).getByRole("button", { name: "Cancel Subscription" }));
  expect(await screen.findByText("Failed to cancel subscription")).toBeTruthy();

  answer = json(200, { message: "Your Pro plan has been canceled. It stays active until March 3, 2030, then your account moves to the Free plan." });
  dialog = screen.getByRole("dialog", { name: "Cancel Subscription" });
  fireEvent.click(within(dialog).getByRole("button", { name: "Cancel Subscription" }));
  expect(await screen.findByText("Subscription Canceled")).toBeTruthy();
  expect(screen.getByText(/Your Pro plan has been canceled/)).toBeTruthy();
  await waitFor(() => expect(screen.queryByRole("dialog", { name: "Cancel Subscription" })).toBeNull());
  expect(calls.filter((c) => c.path === "/api/cancel-subscription")).toHaveLength(3);
});

test("an unpaid renewal shows Payment overdue on the Profile and offers no cancel", async () => {
  server(subscription("basic", { subscription: { plan: "basic", status: "incomplete", currentPeriodEnd: null }, limits: { customersUsed: 1, customersLimit: 3, documentsUsed: 2, documentsLimit: 9, documentsPerCustomer: 3 } }));
  renderApp("/profile");
  const cardEl = (await screen.findByRole("heading", { name: "Current Subscription Plan" })).closest("section") as HTMLElement;
  expect(await within(cardEl).findByText("Payment overdue")).toBeTruthy();
  expect(within(cardEl).getByText(/the Free plan's limits apply/)).toBeTruthy();
  expect(within(cardEl).getByText("Customers Added: 1/3")).toBeTruthy();
  expect(within(cardEl).getByText("Documents Generated: 2/9")).toBeTruthy();
  expect(within(cardEl).queryByRole("button", { name: "Cancel Subscription" })).toBeNull();
});
