// Coming back from 3-D Secure: Stripe sends the browser to the return_url (/dashboard) with the
// payment's id and status in the address, after the payment dialog is gone. The dashboard
// finishes the payment flow there (activate once, refresh), or says the payment failed.
import { expect, test } from "bun:test";
import { StrictMode } from "react";
import { QueryClientProvider } from "@tanstack/react-query";
import { render, screen, waitFor } from "@testing-library/react";
import { MemoryRouter } from "react-router";
import { getPlan } from "../../src/shared/plans";
import { createQueryClient } from "../../web/api/query-client";
import { PaymentDialog } from "../../web/features/subscription/PaymentDialog";
import type { SubscriptionDto } from "../../src/shared/api-types";
import { readPaymentReturn } from "../../web/features/subscription/PaymentReturn";
import { fakeServer, json, renderApp, type FakeRoute } from "../support/render-app";
import { brokerServer, subscription } from "./customers-fixtures";
import { installFakeStripe } from "./subscription-fake-stripe";

const billingOn = { billingEnabled: true, publishableKey: "pk_test_fake", prices: { basic: 29.99, pro: 59.99, unlimited: 99.99 } };

function server(plan: SubscriptionDto, extra: FakeRoute = () => undefined) {
  return fakeServer(brokerServer([], plan, (request) => extra(request) ?? (request.path === "/api/billing/config" ? json(200, billingOn) : undefined)));
}
const returnUrl = (id: string, status: string) => `/dashboard?payment_intent=${id}&payment_intent_client_secret=${id}_secret_abc&redirect_status=${status}`;
const activations = (calls: ReturnType<typeof server>) => calls.filter((c) => c.method === "POST" && c.path === "/api/activate-subscription");

test("Stripe's return parameters are read only when both the payment and its status are there", () => {
  expect(readPaymentReturn("?payment_intent=pi_1&redirect_status=succeeded")).toEqual({ paymentIntentId: "pi_1", redirectStatus: "succeeded" });
  expect(readPaymentReturn("?payment_intent=pi_1")).toBeNull();
  expect(readPaymentReturn("?action=request-document")).toBeNull();
});

test("a succeeded return activates that payment once and says the plan is active", async () => {
  const calls = server(subscription("free"), ({ method, path }) =>
    method === "POST" && path === "/api/activate-subscription" ? json(200, subscription("pro")) : undefined,
  );
  renderApp(returnUrl("pi_3ds_ok", "succeeded"));
  expect(await screen.findByText("Payment received. Your Pro plan is active.")).toBeTruthy();
  expect(activations(calls).map((c) => c.body)).toEqual([{ paymentIntentId: "pi_3ds_ok" }]);
  expect(screen.getByRole("heading", { level: 1, name: "Dashboard" })).toBeTruthy();
});

test("a failed return says Payment Failed and activates nothing", async () => {
  const calls = server(subscription("free"));
  renderApp(returnUrl("pi_3ds_failed", "failed"));
  expect(await screen.findByText("Payment Failed")).toBeTruthy();
  expect(screen.getByText("Your payment could not be completed.")).toBeTruthy();
  expect(activations(calls)).toHaveLength(0);
});

test("when the webhook activated the plan first (activate answers 404) the plan is shown, not an error", async () => {
  const calls = server(subscription("basic"), ({ method, path }) =>
    method === "POST" && path === "/api/activate-subscription" ? json(404, { message: "No payment of yours is waiting with this id. Please choose your plan again." }) : undefined,
  );
  renderApp(returnUrl("pi_3ds_webhook_first", "succeeded"));
  expect(await screen.findByText("Payment received. Your Basic plan is active.")).toBeTruthy();
  expect(activations(calls)).toHaveLength(1);
});

test("an activation that fails for real says so", async () => {
  server(subscription("free"), ({ method, path }) => (method === "POST" && path === "/api/activate-subscription" ? json(409, { message: "not paid" }) : undefined));
  renderApp(returnUrl("pi_3ds_unpaid", "succeeded"));
  expect(await screen.findByText("Payment completed but subscription activation failed. Please contact support.")).toBeTruthy();
  await waitFor(() => expect(screen.queryByText(/Payment received/)).toBeNull());
});

test("the payment dialog asks the server for one payment even when React runs its effect twice (StrictMode)", async () => {
  installFakeStripe((secret) => ({ paymentIntent: { id: secret.split("_secret_")[0]!, status: "succeeded" } }));
  const calls = server(subscription("free"), ({ method, path }) =>
    method === "POST" && path === "/api/create-subscription" ? json(200, { clientSecret: "pi_strict_secret_x" }) : undefined,
  );
  render(
    <StrictMode>
      <QueryClientProvider client={createQueryClient()}>
        <MemoryRouter initialEntries={["/"]}>
          <PaymentDialog plan={getPlan("pro")} publishableKey="pk_test_fake" onOpenChange={() => {}} />
        </MemoryRouter>
      </QueryClientProvider>
    </StrictMode>,
  );
  expect(await screen.findByRole("button", { name: /^Pay / })).toBeTruthy();
  expect(calls.filter((c) => c.path === "/api/create-subscription")).toHaveLength(1);
});
