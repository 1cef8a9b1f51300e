// Paying for a plan in a real browser against the compiled portal with billing on. Stripe's API
// is the local stand-in (tests/support/stripe-stand-in.ts) and Stripe.js, which cannot be
// fetched here, is a small stand-in served through the browser's request routing in this test
// only: it mounts a card field and confirms by asking the API stand-in, which the test decides.
import { afterAll, expect, test } from "bun:test";
import type { Page, Route } from "playwright-core";
import { startStripeStandIn } from "../support/stripe-stand-in.ts";
import { emailedCode, screenshot, usePortalInBrowser, viewports } from "./support.ts";

const standIn = startStripeStandIn();
afterAll(() => standIn.stop());
const { portal, openPage } = usePortalInBrowser(standIn.env);

const DECLINED_CARD = "4000000000000002";
/** Stripe's test card that always asks for 3-D Secure. */
const THREE_D_SECURE_CARD = "4000002760003184";

/** Stripe.js as far as the portal uses it: Elements with a Payment Element, and confirmPayment. */
const STRIPE_JS = `
(function () {
  function Stripe(key) {
    var clientSecret = null;
    var input = null;
    return {
      version: "endive",
      elements: function (options) {
        clientSecret = options && options.clientSecret;
        return {
          create: function () {
            return {
              mount: function (node) {
                var el = typeof node === "string" ? document.querySelector(node) : node;
                input = document.createElement("input");
                input.setAttribute("aria-label", "Card number");
                input.className = "w-full rounded border p-2";
                el.appendChild(input);
              },
              on: function (name, handler) { if (name === "ready") setTimeout(function () { handler({}); }, 0); return this; },
              off: function () { return this; },
              update: function () {}, destroy: function () {}, unmount: function () {},
            };
          },
          getElement: function () { return null; }, update: function () {}, fetchUpdates: function () { return Promise.resolve({}); },
          submit: function () { return Promise.resolve({}); },
        };
      },
      createToken: function () {}, createPaymentMethod: function () {}, confirmCardPayment: function () {},
      confirmPayment: function (options) {
        var intent = clientSecret.split("_secret_")[0];
        var returnUrl = options && options.confirmParams && options.confirmParams.return_url;
        return fetch("https://api.stripe.com/v1/payment_intents/" + intent + "/confirm", {
          method: "POST", body: JSON.stringify({ card: input.value, key: key, return_url: returnUrl }),
        }).then(function (r) { return r.json(); }).then(function (result) {
          // A card that needs 3-D Secure: Stripe leaves the page (the bank) and comes back to return_url.
          if (!result.redirectTo) return result;
          window.location.assign(result.redirectTo);
          return new Promise(function () {});
        });
      },
    };
  }
  Stripe.version = "endive";
  window.Stripe = Stripe;
})();
`;

/** Routes js.stripe.com to the Stripe.js stand-in and Stripe's confirm call to the test's card. */
async function routeStripe(page: Page) {
  const seen = { scripts: 0, confirms: [] as string[] };
  await page.route("https://js.stripe.com/**", (route: Route) => {
    seen.scripts++;
    return route.fulfill({ status: 200, contentType: "application/javascript", body: STRIPE_JS });
  });
  await page.route("https://api.stripe.com/v1/payment_intents/*/confirm", async (route: Route) => {
    const intent = new URL(route.request().url()).pathname.split("/")[3]!;
    const { card, return_url: returnUrl } = JSON.parse(route.request().postData() ?? "{}");
    seen.confirms.push(card);
    const headers = { "access-control-allow-origin": "*" };
    if (card === DECLINED_CARD) return route.fulfill({ status: 200, headers, json: { error: { type: "card_error", message: "Your card was declined." } } });
    standIn.pay(intent);
    if (card === THREE_D_SECURE_CARD) {
      const back = new URL(returnUrl);
      back.search = new URLSearchParams({ payment_intent: intent, payment_intent_client_secret: `${intent}_secret_x`, redirect_status: "succeeded" }).toString();
      return route.fulfill({ status: 200, headers, json: { redirectTo: back.href } });
    }
    return route.fulfill({ status: 200, headers, json: { paymentIntent: { id: intent, status: "succeeded" } } });
  });
  return seen;
}

test("a broker upgrades to Pro with a card (after a declined one), sees it on the Profile and cancels", async () => {
  const { context, page, errors } = await openPage(viewports.desktop);
  const stripe = await routeStripe(page);
  await page.goto(portal.url);
  await page.getByRole("button", { name: "Try for Free" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Email/).fill("payer@example.com");
  await dialog.getByLabel(/^Password/).fill("a good password");
  await dialog.getByLabel(/^Confirm password/).fill("a good password");
  await dialog.getByRole("button", { name: "Create account", exact: true }).click();
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

  // Manage Subscription goes to the plan cards.
  await page.getByRole("link", { name: "Manage Subscription" }).first().click();
  const plans = page.locator("#subscription_plan");
  await plans.getByRole("heading", { name: "Pro" }).waitFor();
  await plans.getByText("$59.99").waitFor();
  expect(await plans.getByRole("button", { name: "Current Plan" }).isDisabled()).toBe(true);
  expect(stripe.scripts).toBe(0); // Stripe.js only once a plan is being paid for
  await screenshot(page, "billing-plans-desktop");

  await plans.getByRole("button", { name: "Upgrade to Pro" }).click();
  const pay = page.getByRole("dialog", { name: "Subscribe to Pro" });
  const card = pay.getByLabel("Card number");
  await card.waitFor();
  expect(stripe.scripts).toBeGreaterThan(0);
  await card.fill(DECLINED_CARD);
  await pay.getByRole("button", { name: "Pay $59.99" }).click();
  await page.getByText("Your card was declined.").waitFor();
  await screenshot(page, "billing-payment-declined-desktop");

  await card.fill("4242424242424242");
  await pay.getByRole("button", { name: "Pay $59.99" }).click();
  await page.waitForURL(`${portal.url}/dashboard`);
  expect(stripe.confirms).toEqual([DECLINED_CARD, "4242424242424242"]);

  await page.goto(`${portal.url}/profile`);
  const planCard = page.locator("section", { has: page.getByRole("heading", { name: "Current Subscription Plan" }) });
  await planCard.getByText("Pro", { exact: true }).waitFor();
  await planCard.getByText(/^Renews on /).waitFor();
  await planCard.getByText("Customers Added: 0/20").waitFor();
  await planCard.getByRole("button", { name: "Cancel Subscription" }).click();
  await page.getByRole("dialog", { name: "Cancel Subscription" }).getByRole("button", { name: "Cancel Subscription" }).click();
  await page.getByText("Subscription Canceled").waitFor();
  await planCard.getByText(/stays active until/).waitFor();
  const sub = [...standIn.subscriptions.values()].find((s) => s.status === "active")!;
  expect(sub.cancelAtPeriodEnd).toBe(true);
  await screenshot(page, "billing-canceled-desktop");

  expect(errors).toEqual([]);
  await context.close();
});

test("a card that needs 3-D Secure comes back to the dashboard, which activates the plan and clears the address", async () => {
  const { context, page, errors } = await openPage(viewports.desktop);
  await routeStripe(page);
  await page.goto(portal.url);
  await page.getByRole("button", { name: "Try for Free" }).first().click();
  const dialog = page.getByRole("dialog");
  await dialog.getByLabel(/^Email/).fill("three-d-secure@example.com");
  await dialog.getByLabel(/^Password/).fill("a good password");
  await dialog.getByLabel(/^Confirm password/).fill("a good password");
  await dialog.getByRole("button", { name: "Create account", exact: true }).click();
  // Not the portal's first broker: the address is proved with the emailed code.
  const codeField = dialog.getByLabel(/^6-digit code/);
  await codeField.waitFor();
  await codeField.fill(emailedCode(portal, "three-d-secure@example.com", "broker_signup_code"));
  await dialog.getByRole("button", { name: "Verify and create account" }).click();
  await page.getByRole("heading", { name: "Dashboard", level: 1 }).waitFor();

  await page.getByRole("link", { name: "Manage Subscription" }).first().click();
  await page.locator("#subscription_plan").getByRole("button", { name: "Upgrade to Basic" }).click();
  const pay = page.getByRole("dialog", { name: "Subscribe to Basic" });
  await pay.getByLabel("Card number").fill(THREE_D_SECURE_CARD);
  await pay.getByRole("button", { name: /^Pay / }).click();

  await page.getByText("Payment received. Your Basic plan is active.").waitFor();
  await page.waitForURL(`${portal.url}/dashboard`);
  const summary = await page.evaluate(async () => (await fetch("/api/subscription")).json());
  expect(summary.subscription).toMatchObject({ plan: "basic", status: "active" });
  expect(errors).toEqual([]);
  await context.close();
});

test("on a phone, choosing a plan signed out asks to sign in and keeps the plan", async () => {
  const { context, page, errors } = await openPage(viewports.phone);
  await routeStripe(page);
  await page.goto(portal.url);
  await page.getByRole("button", { name: "Open page menu" }).click();
  await page.getByRole("menuitem", { name: "Pricing" }).click();
  const pricing = page.getByRole("dialog", { name: "Plans and pricing" });
  await pricing.getByText("$9.99").waitFor();
  await pricing.getByRole("button", { name: "Upgrade to Basic" }).click();
  await page.getByText("Sign in Required").waitFor();
  await page.getByRole("dialog", { name: "Broker sign in" }).waitFor();
  expect(await page.evaluate(() => sessionStorage.getItem("broker-portal.pending-subscription"))).toBe("basic");
  await screenshot(page, "billing-sign-in-required-phone");
  expect(errors).toEqual([]);
  await context.close();
});
