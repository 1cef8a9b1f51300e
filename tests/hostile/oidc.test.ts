// Part 9: single sign-on against an attacker between the provider and the portal. The ID token
// the token endpoint returns is altered on its way (claims changed under the original signature,
// re-signed with a key the provider never published, no signature at all, a shared-secret
// algorithm, issued far in the future): each must end on the landing page with "token_invalid",
// no session, and the victim broker's account neither opened nor linked to the attacker.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createPrivateKey, generateKeyPairSync, createHmac, sign } from "node:crypto";
import { CLIENT_SECRET, signInWith, startProvider, type TestProvider, type Walk } from "../support/oidc.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";

let provider: TestProvider;
let srv: TestServer;
let victim: Broker;

const VICTIM_EMAIL = "victim-broker@brokerage.example";

beforeAll(async () => {
  provider = await startProvider();
  srv = await startTestServer(provider.env);
  victim = await srv.signUpBroker({ email: VICTIM_EMAIL });
  // The attacker's own brokerage claims its domain, so the attacker's untouched sign-ins make accounts there.
  const attackersOwner = await srv.signUpBroker({ email: "owner@elsewhere.example" });
  expect((await srv.call("/api/workspace", { method: "PUT", token: attackersOwner.token, body: { claimedDomains: ["elsewhere.example"] } })).status).toBe(200);
});
afterAll(async () => {
  await srv?.stop();
  await provider?.stop();
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString("base64url");
const parts = (jwt: string) => {
  const [header, payload, signature] = jwt.split(".") as [string, string, string];
  return {
    header: JSON.parse(Buffer.from(header, "base64url").toString()) as Record<string, unknown>,
    payload: JSON.parse(Buffer.from(payload, "base64url").toString()) as Record<string, unknown>,
    signature,
  };
};

/** The claims an attacker wants: the victim's verified email under a subject of their own. */
const asVictim = (payload: Record<string, unknown>) => ({ ...payload, sub: "attacker-sub", email: VICTIM_EMAIL, email_verified: true });

const attackerKey = generateKeyPairSync("rsa", { modulusLength: 2048 }).privateKey;
const rs256 = (header: Record<string, unknown>, payload: Record<string, unknown>, key = attackerKey) => {
  const input = `${b64(header)}.${b64(payload)}`;
  return `${input}.${sign("sha256", Buffer.from(input), createPrivateKey(key.export({ format: "pem", type: "pkcs8" }))).toString("base64url")}`;
};

const attacks: [string, (signed: string) => string][] = [
  [
    "the claims changed under the provider's own signature",
    (signed) => {
      const { header, payload, signature } = parts(signed);
      return `${b64(header)}.${b64(asVictim(payload))}.${signature}`;
    },
  ],
  [
    "re-signed with a key the provider never published (its own key id)",
    (signed) => {
      const { payload } = parts(signed);
      return rs256({ alg: "RS256", typ: "JWT", kid: "attacker-key" }, asVictim(payload));
    },
  ],
  [
    "re-signed with another key under the provider's published key id",
    (signed) => {
      const { header, payload } = parts(signed);
      return rs256({ ...header, alg: "RS256" }, asVictim(payload));
    },
  ],
  [
    "no signature at all (alg none)",
    (signed) => {
      const { payload } = parts(signed);
      return `${b64({ alg: "none", typ: "JWT" })}.${b64(asVictim(payload))}.`;
    },
  ],
  [
    "signed with the client secret (HS256) instead of the provider's key",
    (signed) => {
      const { payload } = parts(signed);
      const input = `${b64({ alg: "HS256", typ: "JWT" })}.${b64(asVictim(payload))}`;
      return `${input}.${createHmac("sha256", CLIENT_SECRET).update(input).digest("base64url")}`;
    },
  ],
  [
    "the signature cut off",
    (signed) => {
      const { header, payload } = parts(signed);
      return `${b64(header)}.${b64(asVictim(payload))}`;
    },
  ],
];

const refused = (walk: Walk) => expect(walk).toEqual({ location: "/?sso_error=token_invalid", session: null });

describe("an ID token altered between the provider and the portal is refused", () => {
  test.each(attacks)("%s", async (_name, alter) => {
    provider.signInAs({ sub: "attacker-own", email: "attacker@elsewhere.example", email_verified: true });
    provider.interceptNextIdToken(alter);
    refused(await signInWith(srv, provider));
  });

  test("a correctly signed token issued an hour in the future", async () => {
    provider.signInAs({ sub: "future-1", email: "future@brokerage.example", email_verified: true });
    provider.tamperNextIdToken((payload) => {
      const later = Math.floor(Date.now() / 1000) + 3600;
      Object.assign(payload, { iat: later, nbf: undefined, exp: later + 3600 });
    });
    refused(await signInWith(srv, provider));
  });

  test("the interception itself is what was refused: the same sign-in untouched goes through", async () => {
    provider.signInAs({ sub: "attacker-own", email: "attacker@elsewhere.example", email_verified: true });
    const walk = await signInWith(srv, provider);
    expect(walk.location).toBe("/dashboard");
    // A few minutes of clock skew is allowed.
    provider.signInAs({ sub: "attacker-own", email: "attacker@elsewhere.example", email_verified: true });
    provider.tamperNextIdToken((payload) => {
      payload.iat = Math.floor(Date.now() / 1000) + 120;
    });
    expect((await signInWith(srv, provider)).location).toBe("/dashboard");
  });

  test("after every attack the victim's account is neither opened nor linked to the attacker's subject", async () => {
    // Had the attacker's subject been linked to the victim, signing in as it now (with the
    // attacker's own verified email) would open the victim's account.
    provider.signInAs({ sub: "attacker-sub", email: "attacker-two@elsewhere.example", email_verified: true });
    const walk = await signInWith(srv, provider);
    expect(walk.location).toBe("/dashboard");
    const me = await srv.call("/api/auth/user", { headers: { cookie: walk.session! } });
    expect(me.status).toBe(200);
    expect(me.body.id).not.toBe(victim.user.id);
    expect(me.body.email).toBe("attacker-two@elsewhere.example");
  });
});
