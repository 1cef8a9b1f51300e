// The sign-in throttle's policy, driven directly with a hand-moved clock.
import { describe, expect, test } from "bun:test";
import { ManualClock } from "../../src/lib/clock.ts";
import { AppError } from "../../src/lib/errors.ts";
import { SignInThrottle } from "../../src/lib/rate-limit.ts";

const MINUTE = 60_000;

function refusal(run: () => unknown): AppError {
  try {
    run();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error("expected a 429");
}

describe("SignInThrottle", () => {
  test("an attempt is counted when reserved, so concurrent guesses beyond the allowance are refused at once", () => {
    const throttle = new SignInThrottle(new ManualClock());
    for (let i = 0; i < 5; i++) throttle.reserve("1.1.1.1", "a@example.com");
    const refused = refusal(() => throttle.reserve("1.1.1.1", "a@example.com"));
    expect(refused.code).toBe("too_many_requests");
    expect(refused.retryAfter).toBe(1);
  });

  test("a success gives its attempt back and clears the pair", () => {
    const throttle = new SignInThrottle(new ManualClock());
    for (let i = 0; i < 10; i++) throttle.reserve("1.1.1.1", `other${i}@example.com`).failed();
    for (let i = 0; i < 20; i++) throttle.reserve("1.1.1.1", "mine@example.com").succeeded();
    // 10 failures plus 20 given-back successes stay under the address's 20.
    expect(() => throttle.reserve("1.1.1.1", "mine@example.com")).not.toThrow();
  });

  test("the pair's wait doubles after each failure beyond the allowance, capped at 15 minutes", () => {
    const clock = new ManualClock();
    const throttle = new SignInThrottle(clock);
    const waits: number[] = [];
    for (let i = 0; i < 17; i++) {
      try {
        throttle.reserve("2.2.2.2", "b@example.com").failed();
      } catch (error) {
        const wait = (error as AppError).retryAfter!;
        waits.push(wait);
        clock.advance(wait * 1000);
        throttle.reserve("2.2.2.2", "b@example.com").failed();
      }
    }
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 64, 128, 256, 512, 900, 900]);
  });

  test("one address is capped across accounts", () => {
    const throttle = new SignInThrottle(new ManualClock());
    for (let i = 0; i < 20; i++) throttle.reserve("3.3.3.3", `n${i}@example.com`).failed();
    const refused = refusal(() => throttle.reserve("3.3.3.3", "fresh@example.com"));
    expect(refused.message).toBe("Too many sign-in attempts. Try again in 15 minutes.");
    expect(() => throttle.reserve("3.3.3.4", "fresh@example.com")).not.toThrow();
  });

  test("messages say seconds under a minute and minutes from a minute up", () => {
    const clock = new ManualClock();
    const throttle = new SignInThrottle(clock);
    for (let i = 0; i < 12; i++) {
      try {
        throttle.reserve("4.4.4.4", "c@example.com").failed();
      } catch {
        clock.advance(60 * MINUTE);
        throttle.reserve("4.4.4.4", "c@example.com").failed();
      }
    }
    // 12 failures: the next wait is 2^(12-5) = 128 s.
    expect(refusal(() => throttle.reserve("4.4.4.4", "c@example.com")).message).toBe("Too many sign-in attempts. Try again in 3 minutes.");
    clock.advance(100_000);
    expect(refusal(() => throttle.reserve("4.4.4.4", "c@example.com")).message).toBe("Too many sign-in attempts. Try again in 28 seconds.");
  });
});
