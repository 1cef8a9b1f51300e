// The pure rules behind the plan screens: what choosing a plan does, and the Profile's usage.
import { expect, test } from "bun:test";
import { isCurrentPaid, planChoice } from "../../web/features/subscription/plan-choice";
import { usage } from "../../web/features/profile/usage";
import { subscription } from "./customers-fixtures";

const now = new Date("2030-01-01T00:00:00Z");
const choice = (plan: "free" | "basic" | "pro" | "unlimited", options: Partial<Parameters<typeof planChoice>[1]> = {}) =>
  planChoice(plan, { billingEnabled: true, signedIn: true, managesBilling: true, subscription: subscription("free"), now, ...options }).kind;

test("choosing a plan: billing off, signed out, current, free, confirm-change, pay", () => {
  expect(choice("pro", { billingEnabled: false })).toBe("unavailable");
  expect(choice("pro", { signedIn: false })).toBe("sign-in");
  expect(choice("free", { signedIn: false })).toBe("free-info");
  expect(choice("free")).toBe("current");
  expect(choice("basic")).toBe("pay");
  const basic = subscription("basic");
  expect(choice("free", { subscription: basic })).toBe("free-info");
  expect(choice("pro", { subscription: basic })).toBe("confirm-change");
  // Canceled but still running counts as current-paid; once past its end it does not.
  const canceled = (end: string) => subscription("basic", { subscription: { plan: "basic", status: "canceled", currentPeriodEnd: end } });
  expect(isCurrentPaid(canceled("2030-02-01T00:00:00Z"), now)).toBe(true);
  expect(isCurrentPaid(canceled("2029-12-01T00:00:00Z"), now)).toBe(false);
  expect(choice("pro", { subscription: canceled("2029-12-01T00:00:00Z") })).toBe("pay");
  // A renewal that could not be charged is not in force: the plan can be paid for again.
  const unpaid = subscription("basic", { subscription: { plan: "basic", status: "incomplete", currentPeriodEnd: null } });
  expect(choice("basic", { subscription: unpaid })).toBe("pay");
  expect(choice("pro", { subscription: unpaid })).toBe("pay");
});

test("a member who does not manage billing (a broker, an assistant) sees the current plan but cannot choose another", () => {
  expect(choice("free", { managesBilling: false })).toBe("current");
  expect(choice("basic", { managesBilling: false })).toBe("owner-only");
  expect(choice("pro", { managesBilling: false, subscription: subscription("basic") })).toBe("owner-only");
});

test("usage: the infinity rule (-1, 999999 and above, Infinity), a missing limit reads as 3, a full bar at the limit", () => {
  expect(usage(5, -1).text).toBe("5/∞");
  expect(usage(5, 999999).text).toBe("5/∞");
  expect(usage(5, 1_000_000).text).toBe("5/∞");
  expect(usage(5, Infinity).text).toBe("5/∞");
  expect(usage(5, 999998).text).toBe("5/999998");
  expect(usage(2, undefined)).toMatchObject({ text: "2/3", limit: 3, atLimit: false });
  expect(usage(9, 9)).toMatchObject({ percent: 100, atLimit: true });
  expect(usage(3, 9).percent).toBeCloseTo(33.33, 1);
});
