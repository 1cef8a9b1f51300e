// Two portal instances behind a load balancer without sticky sessions (issue 39, item 13): a
// sign-in begun on one finishes on the other. A single sign-on flow started on the first instance
// completes when the provider sends the browser back to the second; a password accepted by the
// first and waiting for its authenticator code is finished by the code sent to the second
// (tests/support/second-instance.ts).
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { finishSignIn, startProvider, startSignInOn, type TestProvider } from "../support/oidc.ts";
import { startSecondInstance, type SecondInstance } from "../support/second-instance.ts";
import { startTestServer, type TestServer } from "../support/server.ts";
import { authenticatorCode, enableTwoFactor } from "../support/totp.ts";

const PASSWORD = "correct horse battery";
let provider: TestProvider;
let first: TestServer;
let second: SecondInstance;

beforeAll(async () => {
  provider = await startProvider();
  first = await startTestServer(provider.env);
  second = await startSecondInstance(first, provider.env);
});
afterAll(async () => {
  await second?.stop();
  await first?.stop();
  await provider?.stop();
});

describe("a sign-in begun on one instance finishes on the other", () => {
  test("single sign-on: started on the first, the provider's callback reaches the second", async () => {
    provider.signInAs({ sub: "two-instances-1", email: "roaming@brokerage.example", email_verified: true });
    const { callback, flowCookie } = await startSignInOn(first, provider);
    const onSecond = callback.replace(first.url, second.url);
    const walk = await finishSignIn(onSecond, flowCookie);
    expect(walk.location).toBe("/dashboard");
    expect(walk.session).toBeTruthy();
    // The session works on either instance.
    for (const url of [first.url, second.url]) {
      const me = await fetch(`${url}/api/auth/user`, { headers: { cookie: walk.session! } });
      expect(me.status).toBe(200);
      expect(((await me.json()) as { email: string }).email).toBe("roaming@brokerage.example");
    }
    // Spent on the second: replayed on the first, it finds nothing.
    expect((await finishSignIn(callback, flowCookie)).location).toBe("/?sso_error=invalid_state");
  });

  test("two-factor: the password on the first, the authenticator code on the second", async () => {
    const broker = await first.signUpBroker({ email: "two-step@example.com", password: PASSWORD });
    const { secret } = await enableTwoFactor(first, broker);
    const password = await first.call("/api/auth/signin", { method: "POST", body: { email: broker.user.email, password: PASSWORD } });
    expect(password.status).toBe(202);
    const code = await fetch(`${second.url}/api/two-factor/verify`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ challenge: password.body.challenge, code: authenticatorCode(secret, first.clock.now()) }),
    });
    expect(code.status).toBe(200);
    const done = (await code.json()) as { token: string; user: { email: string } };
    expect(done.user.email).toBe(broker.user.email);
    expect((await first.call("/api/auth/user", { token: done.token })).status).toBe(200);
    // Spent: the same challenge does nothing on the first instance either.
    const again = await first.call("/api/two-factor/verify", { method: "POST", body: { challenge: password.body.challenge, code: authenticatorCode(secret, first.clock.now()) } });
    expect(again.status).toBe(401);
  });
});
