import { AppError } from "./errors.ts";
import type { SignInThrottle } from "./rate-limit.ts";
import { instanceState } from "./instance-state.ts";

// argon2id through Bun.password. Each hash takes about 64 MiB, so at most a few run at once;
// the rest wait their turn instead of exhausting memory under a burst of sign-ins.
const MAX_CONCURRENT = 2;
const hashing = instanceState("password hashes under way", "per process", "each takes ~64 MiB of this process's memory", { running: 0, waiting: [] as (() => void)[] });

async function withSlot<T>(work: () => Promise<T>): Promise<T> {
  if (hashing.running >= MAX_CONCURRENT) await new Promise<void>((resolve) => hashing.waiting.push(resolve));
  hashing.running++;
  try {
    return await work();
  } finally {
    hashing.running--;
    hashing.waiting.shift()?.();
  }
}

export function hashPassword(password: string): Promise<string> {
  return withSlot(() => Bun.password.hash(password, { algorithm: "argon2id" }));
}

export function verifyPassword(password: string, hash: string): Promise<boolean> {
  return withSlot(() => Bun.password.verify(password, hash));
}

// Checked against when an account does not exist, so a wrong email costs the same time as a
// wrong password and timing does not tell which emails are registered.
const dummy = instanceState("dummy password hash", "per process", "any hash of a random password will do, made once", { hash: null as Promise<string> | null });
export function verifyAgainstDummy(password: string): Promise<boolean> {
  dummy.hash ??= hashPassword("not-a-real-password-" + crypto.randomUUID());
  return dummy.hash.then((hash) => verifyPassword(password, hash));
}

export const INVALID_CREDENTIALS = "Invalid email or password";

/**
 * A sign-in's password check, brokers' and customers' alike. The attempt is counted before the
 * password is checked, so concurrent guesses cannot all get through; an unknown email costs the
 * same work as a wrong password; and every refusal (including `allowed: false`, a rule of the
 * caller's) is the same 401, so nothing tells which part was wrong.
 */
export async function checkSignIn(
  throttle: SignInThrottle,
  input: { address: string; email: string; password: string; passwordHash: string | null | undefined; allowed?: boolean },
): Promise<void> {
  const attempt = await throttle.reserve(input.address, input.email);
  let ok = false;
  if (input.passwordHash) ok = await verifyPassword(input.password, input.passwordHash);
  else await verifyAgainstDummy(input.password); // no account, or none with a password: the same work, and a refusal
  if (!ok || input.allowed === false) {
    await attempt.failed();
    throw new AppError("unauthorized", INVALID_CREDENTIALS);
  }
  await attempt.succeeded();
}
