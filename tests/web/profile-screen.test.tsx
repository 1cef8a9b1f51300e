import { expect, test } from "bun:test";
import { fireEvent, screen, within } from "@testing-library/react";
import type { SubscriptionDto } from "../../src/shared/api-types";
import type { AuthUser } from "../../web/features/auth/api";
import { fakeServer, json, renderApp } from "../support/render-app";
import { broker, brokerServer, subscription } from "./customers-fixtures";

type User = AuthUser;

/** A signed-in broker `user` on plan `plan`; everything else as the shared broker server answers. */
function profileServer(plan: SubscriptionDto | Record<string, unknown>, user: User = broker) {
  return fakeServer(
    brokerServer([], plan as SubscriptionDto, ({ path }) => (path === "/api/auth/user" ? json(200, user) : undefined)),
  );
}

async function planCard() {
  const heading = await screen.findByRole("heading", { name: "Current Subscription Plan" });
  return heading.closest("section") as HTMLElement;
}

test("shows the broker's name, initials, id, email and account details", async () => {
  profileServer(subscription("free"));
  renderApp("/profile");
  expect(await screen.findByRole("heading", { level: 1, name: "Profile" })).toBeTruthy();
  const info = (await screen.findByRole("heading", { name: "Profile Information" })).closest("section") as HTMLElement;
  expect(within(info).getByText("Ada Lovelace")).toBeTruthy();
  expect(within(info).getByText("AL")).toBeTruthy();
  expect(within(info).getByText("Admin")).toBeTruthy();
  expect(within(info).getByText("u1")).toBeTruthy();
  expect(within(info).getByText("ada@example.com")).toBeTruthy();

  const details = screen.getByRole("heading", { name: "Account Details" }).closest("section") as HTMLElement;
  expect(within(details).getByText("First Name").nextElementSibling?.textContent).toBe("Ada");
  expect(within(details).getByText("Last Name").nextElementSibling?.textContent).toBe("Lovelace");
  expect(within(details).getByText("Email").nextElementSibling?.textContent).toBe("ada@example.com");
  expect(within(details).getByText("Account Type").nextElementSibling?.textContent).toBe("Administrator");
  expect(within(details).queryByText("Not provided")).toBeNull();
});

test("a broker without names shows the email, its initials and Not provided", async () => {
  profileServer(subscription("free"), { id: "u2", email: "grace@example.com", firstName: null, lastName: "  ", profileImageUrl: null, workspaceId: "u2", role: "owner" });
  renderApp("/profile");
  const info = (await screen.findByRole("heading", { name: "Profile Information" })).closest("section") as HTMLElement;
  expect(within(info).getByText("GR")).toBeTruthy();
  expect(within(info).getAllByText("grace@example.com").length).toBeGreaterThan(0);
  const details = screen.getByRole("heading", { name: "Account Details" }).closest("section") as HTMLElement;
  expect(within(details).getAllByText("Not provided")).toHaveLength(2);
});

test("a profile photo replaces the initials", async () => {
  profileServer(subscription("free"), { ...broker, profileImageUrl: "https://example.com/ada.png" });
  renderApp("/profile");
  const info = (await screen.findByRole("heading", { name: "Profile Information" })).closest("section") as HTMLElement;
  expect(info.querySelector("img")?.getAttribute("src")).toBe("https://example.com/ada.png");
  expect(within(info).queryByText("AL")).toBeNull();
});

test("free plan: name, price, usage and Upgrade Plan to the plan section", async () => {
  profileServer(subscription("free", { limits: { customersUsed: 1, customersLimit: 3, documentsUsed: 3, documentsLimit: 3 } }));
  renderApp("/profile");
  const card = await planCard();
  expect(await within(card).findByText("Free")).toBeTruthy();
  expect(within(card).getByText("$0")).toBeTruthy();
  expect(within(card).getByText("/month")).toBeTruthy();
  expect(within(card).getByText("Documents Generated: 3/3")).toBeTruthy();
  expect(within(card).getByText("Customers Added: 1/3")).toBeTruthy();
  expect(within(card).getByRole("progressbar", { name: "Documents Generated: 3/3" })).toBeTruthy();
  const upgrade = within(card).getByRole("link", { name: "Upgrade Plan" });
  expect(upgrade.getAttribute("href")).toBe("/#subscription_plan");
  expect(within(card).queryByText("Upgrade to Higher Plan")).toBeNull();
  expect(within(card).queryByRole("button", { name: "Cancel Subscription" })).toBeNull();
});

test("a paid plan offers Upgrade to Higher Plan", async () => {
  profileServer(subscription("basic"));
  renderApp("/profile");
  const card = await planCard();
  expect(await within(card).findByText("Basic")).toBeTruthy();
  expect(within(card).getByText("$9.99")).toBeTruthy();
  const upgrade = within(card).getByRole("link", { name: "Upgrade to Higher Plan" });
  expect(upgrade.getAttribute("href")).toBe("/#subscription_plan");
  expect(within(card).queryByText("Upgrade Plan")).toBeNull();
  expect(within(card).queryByText("You're on the highest plan!")).toBeNull();
});

test("the unlimited plan shows ∞ and You're on the highest plan! instead of an upgrade", async () => {
  profileServer(subscription("unlimited", { limits: { customersUsed: 4, customersLimit: -1, documentsUsed: 7, documentsLimit: 999999 } }));
  renderApp("/profile");
  const card = await planCard();
  expect(await within(card).findByText("You're on the highest plan!")).toBeTruthy();
  expect(within(card).getByText("Unlimited")).toBeTruthy();
  expect(within(card).getByText("$99.99")).toBeTruthy();
  expect(within(card).getByText("Documents Generated: 7/∞")).toBeTruthy();
  expect(within(card).getByText("Customers Added: 4/∞")).toBeTruthy();
  expect(within(card).queryByRole("link", { name: /Upgrade/ })).toBeNull();
});

test("a limit the server leaves out falls back to 3", async () => {
  profileServer({
    ...subscription("free"),
    limits: { customersUsed: 2, documentsUsed: 1 },
  });
  renderApp("/profile");
  const card = await planCard();
  expect(await within(card).findByText("Documents Generated: 1/3")).toBeTruthy();
  expect(within(card).getByText("Customers Added: 2/3")).toBeTruthy();
});

test("an active paid plan opens the cancel terms; keeping the subscription calls nothing", async () => {
  const calls = profileServer(subscription("pro", { subscription: { plan: "pro", status: "active", currentPeriodEnd: "2030-03-03T12:00:00.000Z" } }));
  renderApp("/profile");
  const card = await planCard();
  expect(await within(card).findByText("Renews on March 3, 2030")).toBeTruthy();
  fireEvent.click(within(card).getByRole("button", { name: "Cancel Subscription" }));
  const dialog = await screen.findByRole("dialog", { name: "Cancel Subscription" });
  expect(within(dialog).getByText("No refund is given for the current billing period.")).toBeTruthy();
  expect(within(dialog).getByText("March 3, 2030")).toBeTruthy();
  expect(within(dialog).getByText("After that, your account is downgraded to the Free plan.")).toBeTruthy();
  expect(within(dialog).getByText("You may subscribe again at any time.")).toBeTruthy();
  fireEvent.click(within(dialog).getByRole("button", { name: "Keep Subscription" }));
  expect(calls.some((call) => call.method !== "GET")).toBe(false);
});

test("a canceled plan shows the Canceled notice with its end date and no cancel button", async () => {
  profileServer(subscription("basic", { subscription: { plan: "basic", status: "canceled", currentPeriodEnd: "2030-03-03T12:00:00.000Z" } }));
  renderApp("/profile");
  const card = await planCard();
  expect(await within(card).findByText("Canceled")).toBeTruthy();
  expect(within(card).getByText(/stays active until March 3, 2030/)).toBeTruthy();
  expect(within(card).queryByRole("button", { name: "Cancel Subscription" })).toBeNull();
});

test("without billing the card says every broker has the Unlimited plan", async () => {
  profileServer(subscription("unlimited", { billingEnabled: false }));
  renderApp("/profile");
  const card = await planCard();
  expect(
    await within(card).findByText("Billing is not set up on this portal, so every broker has the Unlimited plan."),
  ).toBeTruthy();
  expect(within(card).getByText("You're on the highest plan!")).toBeTruthy();
  expect(within(card).queryByRole("button", { name: "Cancel Subscription" })).toBeNull();
});
