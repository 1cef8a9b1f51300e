// An authenticator app for tests: the code for a base32 secret (as the set-up shows it) at a
// moment of the test server's clock, computed with oslo's HOTP as RFC 6238 says.
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { Broker, TestServer } from "./server.ts";

export const STEP_MS = 30_000;

export function authenticatorCode(secret: string, at: Date): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(Math.floor(at.getTime() / STEP_MS)), 6);
}

/** Sets up and confirms two-factor for a signed-in broker; returns the secret and recovery codes. */
export async function enableTwoFactor(srv: TestServer, broker: Broker): Promise<{ secret: string; recoveryCodes: string[] }> {
  const setup = await srv.call("/api/two-factor/setup", { method: "POST", token: broker.token });
  if (setup.status !== 200) throw new Error(`set-up failed: ${setup.status} ${JSON.stringify(setup.body)}`);
  const code = authenticatorCode(setup.body.secret, srv.clock.now());
  const confirmed = await srv.call("/api/two-factor/confirm", { method: "POST", token: broker.token, body: { code } });
  if (confirmed.status !== 200) throw new Error(`confirm failed: ${confirmed.status} ${JSON.stringify(confirmed.body)}`);
  // The confirming code is spent; move to the next window so tests start from a fresh code.
  srv.clock.advance(STEP_MS);
  return { secret: setup.body.secret, recoveryCodes: confirmed.body.recoveryCodes };
}
