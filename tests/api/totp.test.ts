// The TOTP rule on its own, with fixed moments: RFC 6238's SHA-1 test vector, the neighbouring
// windows, and the spent-step rule that refuses a code twice.
import { expect, test } from "bun:test";
import { matchingStep, timeStep, totpCodeAt } from "../../src/features/two-factor/totp.ts";

// RFC 6238 appendix B: key "12345678901234567890", T = 59 s → 94287082 (8 digits; 6 digits: 287082).
const rfcKey = new TextEncoder().encode("12345678901234567890");

test("RFC 6238's test vector", () => {
  expect(totpCodeAt(rfcKey, new Date(59_000))).toBe("287082");
  expect(totpCodeAt(rfcKey, new Date(1_111_111_109_000))).toBe("081804");
});

test("the windows before and after are accepted, two away are not", () => {
  const now = new Date(1_700_000_000_000);
  const step = timeStep(now);
  const at = (offsetSteps: number) => totpCodeAt(rfcKey, new Date(now.getTime() + offsetSteps * 30_000));
  expect(matchingStep(rfcKey, at(0), now, null)).toBe(step);
  expect(matchingStep(rfcKey, at(-1), now, null)).toBe(step - 1);
  expect(matchingStep(rfcKey, at(1), now, null)).toBe(step + 1);
  expect(matchingStep(rfcKey, at(-2), now, null)).toBeNull();
  expect(matchingStep(rfcKey, at(2), now, null)).toBeNull();
});

test("a spent step, and every one before it, no longer matches", () => {
  const now = new Date(1_700_000_000_000);
  const step = timeStep(now);
  const code = totpCodeAt(rfcKey, now);
  expect(matchingStep(rfcKey, code, now, step)).toBeNull();
  expect(matchingStep(rfcKey, totpCodeAt(rfcKey, new Date(now.getTime() - 30_000)), now, step - 1)).toBeNull();
  expect(matchingStep(rfcKey, code, now, step - 1)).toBe(step);
});
