// The authenticator key at rest: sealed under the session secret, unreadable with another secret
// or after any change to the stored value.
import { expect, test } from "bun:test";
import { openSecret, sealSecret } from "../../src/features/two-factor/secret-box.ts";

const secret = "a".repeat(64);
const key = new Uint8Array(Array.from({ length: 20 }, (_, i) => i * 7));

test("sealed and opened with the same session secret; each seal differs", () => {
  const sealed = sealSecret(secret, key);
  expect(openSecret(secret, sealed)).toEqual(key);
  expect(sealSecret(secret, key)).not.toBe(sealed);
});

test("another session secret or an altered value opens nothing", () => {
  const sealed = sealSecret(secret, key);
  expect(openSecret("b".repeat(64), sealed)).toBeNull();
  const parts = sealed.split(".");
  const data = Buffer.from(parts[3]!, "base64url");
  data[0]! ^= 1;
  expect(openSecret(secret, [parts[0], parts[1], parts[2], data.toString("base64url")].join("."))).toBeNull();
  expect(openSecret(secret, "v2." + parts.slice(1).join("."))).toBeNull();
  expect(openSecret(secret, "garbage")).toBeNull();
});
