// The customer's language switch (issue 44), PUT /api/upload/{link}/language, by outsiders: the
// link is the only credential, so another customer's link (their own, signed in or not), the same
// person's link at another broker held as a guest, and a guessed link change nothing of the
// victim's relationship.
import { beforeAll, describe, expect, test } from "bun:test";
import { useTestServer } from "../support/server.ts";
import { expectJsonError, rawFetch, record, seedWorld, type World } from "./support.ts";

const srv = useTestServer();
let world: World;

beforeAll(async () => {
  world = await seedWorld(srv);
});

/** What broker A sees of the victim's language. */
async function victimLanguages() {
  const res = await srv.call<{ language: string | null; chosenLanguage: string | null }>(`/api/customer/${world.victim.customerId}`, { token: world.brokerA.token });
  expect(res.status).toBe(200);
  return { language: res.body.language, chosenLanguage: res.body.chosenLanguage };
}

const put = (link: string, headers: Record<string, string> = {}) =>
  rawFetch(`${srv.url}/api/upload/${link}/language`, { method: "PUT", headers: { "content-type": "application/json", ...headers }, body: JSON.stringify({ language: "es" }) });

describe("another customer's link cannot change this one's language", () => {
  test("the other customer, signed in, on their own link: only theirs changes", async () => {
    const before = await victimLanguages();
    const res = await put(world.other.uploadLink, { cookie: world.other.cookie });
    expect(res.status).toBe(200);
    expect(await victimLanguages()).toEqual(before);
    const theirs = await srv.call<{ chosenLanguage: string | null }>(`/api/customer/${world.other.customerId}`, { token: world.brokerB.token });
    expect(theirs.body.chosenLanguage).toBe("es"); // the call did something: to its own relationship
    record("languages", { otherCustomerOwnLink: res.status });
  });

  test("the other customer's session aimed at a guessed link, and no session at all: 404, nothing changed", async () => {
    const before = await victimLanguages();
    for (const headers of [{ cookie: world.other.cookie }, {}] as Record<string, string>[]) {
      const res = await put("q9T2vXc8LmN4pR7sK1wZ3yB6hJ5dF0gA", headers);
      expectJsonError(res, "guessed link", [404]);
    }
    expect(await victimLanguages()).toEqual(before);
  });

  test("a guest on the same person's link at broker B changes B's relationship only, never A's", async () => {
    const before = await victimLanguages();
    const res = await put(world.victimViaB.uploadLink);
    expect(res.status).toBe(200);
    expect(await victimLanguages()).toEqual(before);
    // The victim's account keeps no choice made by a guest either: signing in on A's link carries nothing.
    const signedIn = await srv.call<{ language: string }>(`/api/upload/${world.victim.uploadLink}`, { headers: { cookie: world.victim.cookie, "accept-language": "en" } });
    expect(signedIn.body.language).toBe("en");
  });
});
