// Webhook delivery (issue 43, the engine): real receivers on 127.0.0.1 (Bun.serve), the address
// guard refusing private targets, and a receiver verifying with the README's own recipe.
import { afterAll, describe, expect, test } from "bun:test";
import { generateKeyPairSync } from "node:crypto";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import forge from "node-forge";
import { checkDeliveryTarget } from "../../src/features/webhooks/address-guard.ts";
import { deliverOnce, type WebhookEvent } from "../../src/features/webhooks/deliver.ts";
import { isForbiddenAddress } from "../../src/features/webhooks/forbidden-addresses.ts";
import { nextAttemptAt, RETRY_WINDOW_MS, shouldDisableEndpoint } from "../../src/features/webhooks/retry-schedule.ts";
import { SIGNATURE_HEADER, signatureHeader, signingSecrets, verifySignature } from "../../src/features/webhooks/signature.ts";

const dir = mkdtempSync(join(tmpdir(), "portal-webhooks-"));
const servers: { stop(force?: boolean): void }[] = [];
afterAll(() => {
  servers.forEach((s) => s.stop(true));
  rmSync(dir, { recursive: true, force: true });
});

/** The README's "Integrations" code block, exactly as a developer would copy it. */
async function readmeRecipe(): Promise<(header: string, rawBody: string, secret: string) => boolean> {
  const readme = readFileSync(join(import.meta.dir, "../../README.md"), "utf8");
  const section = readme.slice(readme.indexOf("## Integrations"));
  const code = section.match(/```ts\n([\s\S]*?)```/)![1]!;
  const file = join(dir, "recipe.ts");
  writeFileSync(file, code);
  return (await import(file)).verifyPortalSignature;
}

function selfSignedCertificate(commonName: string): { key: string; cert: string } {
  const { privateKey } = generateKeyPairSync("rsa", { modulusLength: 2048 });
  const key = privateKey.export({ type: "pkcs1", format: "pem" }).toString();
  const forgeKey = forge.pki.privateKeyFromPem(key);
  const cert = forge.pki.createCertificate();
  cert.publicKey = forge.pki.setRsaPublicKey(forgeKey.n, forgeKey.e);
  cert.serialNumber = "01";
  cert.validity.notBefore = new Date(Date.now() - 60_000);
  cert.validity.notAfter = new Date(Date.now() + 24 * 60 * 60 * 1000);
  const subject = [{ name: "commonName", value: commonName }];
  cert.setSubject(subject);
  cert.setIssuer(subject);
  cert.setExtensions([{ name: "subjectAltName", altNames: [{ type: 2, value: commonName }] }]);
  cert.sign(forgeKey, forge.md.sha256.create());
  return { key, cert: forge.pki.certificateToPem(cert) };
}

interface Received {
  headers: Headers;
  body: string;
}

function receiver(answer: (request: Request, body: string) => Response | Promise<Response>) {
  const received: Received[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 60,
    async fetch(request) {
      const body = await request.text();
      received.push({ headers: request.headers, body });
      return answer(request, body);
    },
  });
  servers.push(server);
  return { url: `http://127.0.0.1:${server.port}/hooks`, port: server.port, received };
}

const event: WebhookEvent = {
  id: "evt_1",
  type: "document.uploaded",
  createdAt: "2026-11-28T18:00:00.000Z",
  data: { customerId: 7, documentId: 42, name: "Photo ID" },
};
const secret = "whsec_test_0123456789abcdef";

describe("the signature", () => {
  const body = JSON.stringify(event);
  const now = new Date();

  test("verifies with its secret; a wrong secret, an altered body or a stale timestamp do not", () => {
    const header = signatureHeader([secret], body, now);
    expect(header).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    expect(verifySignature({ header, body, secret, now })).toBe(true);
    expect(verifySignature({ header, body, secret: "whsec_other", now })).toBe(false);
    expect(verifySignature({ header, body: body.replace("42", "43"), secret, now })).toBe(false);
    const sixMinutesLater = new Date(now.getTime() + 6 * 60 * 1000);
    expect(verifySignature({ header, body, secret, now: sixMinutesLater })).toBe(false);
    expect(verifySignature({ header: "t=abc,v1=zz", body, secret, now })).toBe(false);
    expect(verifySignature({ header: null, body, secret, now })).toBe(false);
  });

  test("after a rotation, the old secret verifies for 24 hours, then only the new one", () => {
    const rotatedAt = new Date("2026-11-28T12:00:00Z");
    const secrets = { secret: "whsec_new", previous: { secret: "whsec_old", rotatedAt } };
    const soon = new Date(rotatedAt.getTime() + 23 * 60 * 60 * 1000);
    const header = signatureHeader(signingSecrets(secrets, soon), body, soon);
    expect(header.match(/v1=/g)).toHaveLength(2);
    expect(verifySignature({ header, body, secret: "whsec_old", now: soon })).toBe(true);
    expect(verifySignature({ header, body, secret: "whsec_new", now: soon })).toBe(true);

    const nextDay = new Date(rotatedAt.getTime() + 25 * 60 * 60 * 1000);
    const later = signatureHeader(signingSecrets(secrets, nextDay), body, nextDay);
    expect(verifySignature({ header: later, body, secret: "whsec_old", now: nextDay })).toBe(false);
    expect(verifySignature({ header: later, body, secret: "whsec_new", now: nextDay })).toBe(true);
  });
});

describe("the address guard", () => {
  test("refuses loopback, private, CGNAT, link-local, unique-local, multicast, unspecified, mapped and metadata addresses", () => {
    const refused = [
      "127.0.0.1", "127.255.0.9", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "100.64.0.1",
      "100.100.100.200", "169.254.169.254", "192.0.0.192", "0.0.0.0", "224.0.0.1", "255.255.255.255",
      "::1", "::", "fe80::1", "fc00::1", "fd00:ec2::254", "ff02::1", "::ffff:127.0.0.1", "::ffff:7f00:1",
      "::ffff:10.0.0.1", "::ffff:169.254.169.254", "64:ff9b::a9fe:a9fe", "2002:7f00:1::1", "fe80::1%eth0", "not-an-ip",
    ];
    const allowed = ["93.184.216.34", "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"];
    expect(refused.filter((a) => !isForbiddenAddress(a))).toEqual([]);
    expect(allowed.filter((a) => isForbiddenAddress(a))).toEqual([]);
  });

  test("refuses private targets in URLs, and a name that resolves to loopback", async () => {
    const urls = [
      "https://127.0.0.1/hooks",
      "https://10.0.0.8/hooks",
      "https://169.254.169.254/latest/meta-data/",
      "https://[::1]/hooks",
      "https://[::ffff:127.0.0.1]/hooks",
      "https://localhost/hooks",
    ];
    for (const url of urls) {
      const check = await checkDeliveryTarget(url, { allowPrivate: false });
      expect({ url, ok: check.ok }).toEqual({ url, ok: false });
      if (!check.ok) expect(check.reason).toContain("private or reserved address");
    }
  });

  test("a name with one public and one private address is refused (every address is checked)", async () => {
    const resolve = async () => [
      { address: "93.184.216.34", family: 4 },
      { address: "10.0.0.5", family: 4 },
    ];
    const check = await checkDeliveryTarget("https://hooks.example.com/x", { allowPrivate: false, resolve });
    expect(check).toEqual({ ok: false, reason: "The webhook host hooks.example.com resolves to a private or reserved address (10.0.0.5)" });
  });

  test("only https, unless private networks are allowed", async () => {
    expect(await checkDeliveryTarget("http://93.184.216.34/x", { allowPrivate: false })).toEqual({
      ok: false,
      reason: "The webhook URL must start with https://",
    });
    expect((await checkDeliveryTarget("ftp://93.184.216.34/x", { allowPrivate: true })).ok).toBe(false);
    expect((await checkDeliveryTarget("http://127.0.0.1:9/x", { allowPrivate: true })).ok).toBe(true);
  });
});

describe("one delivery", () => {
  test("POSTs the signed event; a receiver running the README's recipe verifies it", async () => {
    const verify = await readmeRecipe();
    const hook = receiver((request, body) =>
      verify(request.headers.get(SIGNATURE_HEADER) ?? "", body, secret)
        ? new Response("thanks", { status: 200 })
        : new Response("bad signature", { status: 400 }),
    );
    const result = await deliverOnce({ url: hook.url, event, secrets: [secret], allowPrivate: true });
    expect(result).toMatchObject({ ok: true, status: 200, responseSnippet: "thanks", error: null });
    expect(JSON.parse(hook.received[0]!.body)).toEqual(event);
    expect(hook.received[0]!.headers.get("content-type")).toBe("application/json");

    // The recipe refuses the same delivery checked with another secret, or altered.
    const { headers, body } = hook.received[0]!;
    expect(verify(headers.get(SIGNATURE_HEADER)!, body, "whsec_wrong")).toBe(false);
    expect(verify(headers.get(SIGNATURE_HEADER)!, body.replace("Photo ID", "Payslip"), secret)).toBe(false);
  });

  test("without WEBHOOKS_ALLOW_PRIVATE a loopback receiver is never contacted", async () => {
    const hook = receiver(() => new Response("ok"));
    for (const url of [hook.url, hook.url.replace("http:", "https:"), `https://localhost:${hook.port}/hooks`]) {
      const result = await deliverOnce({ url, event, secrets: [secret], allowPrivate: false });
      expect(result.ok).toBe(false);
      expect(result.status).toBeNull();
    }
    expect(hook.received).toHaveLength(0);
  });

  test("a redirect (here to a private address) is not followed", async () => {
    const target = receiver(() => new Response("should not be reached"));
    const hook = receiver(() => new Response(null, { status: 302, headers: { Location: target.url } }));
    const result = await deliverOnce({ url: hook.url, event, secrets: [secret], allowPrivate: true });
    expect(result).toMatchObject({ ok: false, status: 302, error: "Redirects are not followed (HTTP 302)" });
    expect(hook.received).toHaveLength(1);
    expect(target.received).toHaveLength(0);
  });

  test("the connection goes to the address checked, not to a second DNS answer (rebinding)", async () => {
    const hook = receiver((request) => new Response(`host=${request.headers.get("host")}`));
    const answers = ["127.0.0.1", "10.255.255.1"];
    let lookups = 0;
    const resolve = async () => [{ address: answers[Math.min(lookups++, 1)]!, family: 4 }];
    const url = `http://hooks.rebind.test:${hook.port}/hooks`;
    const result = await deliverOnce({ url, event, secrets: [secret], allowPrivate: true, resolve });
    expect(result).toMatchObject({ ok: true, responseSnippet: `host=hooks.rebind.test:${hook.port}` });
    expect(lookups).toBe(1);
  });

  test("an error answer is recorded with its status and only the first 1 KB of a 10 MB body", async () => {
    const hook = receiver(() => new Response("x".repeat(10 * 1024 * 1024), { status: 500 }));
    const result = await deliverOnce({ url: hook.url, event, secrets: [secret], allowPrivate: true });
    expect(result).toMatchObject({ ok: false, status: 500, error: "HTTP 500" });
    expect(result.responseSnippet).toBe("x".repeat(1024));
  });

  test("a receiver that never answers is given up at the timeout", async () => {
    const hook = receiver(() => new Promise<Response>(() => {}));
    const result = await deliverOnce({ url: hook.url, event, secrets: [secret], allowPrivate: true, timeoutMs: 500 });
    expect(result).toMatchObject({ ok: false, status: null, error: "No answer within 0.5 s" });
  });
});

describe("one delivery, contained", () => {
  test("a receiver that answers at once but streams its body forever keeps its status, and the attempt ends at the timeout", async () => {
    const hook = receiver(() => {
      const stream = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode("accepted, still talking"));
        },
      });
      return new Response(stream, { status: 202 });
    });
    const result = await deliverOnce({ url: hook.url, event, secrets: [secret], allowPrivate: true, timeoutMs: 500 });
    expect(result).toMatchObject({ ok: true, status: 202, responseSnippet: "accepted, still talking", error: null });
  });

  test("https goes to the checked address and still verifies the certificate (a self-signed one is refused)", async () => {
    const { key, cert } = selfSignedCertificate("hooks.tls.test");
    let reached = 0;
    const server = Bun.serve({
      hostname: "127.0.0.1",
      port: 0,
      tls: { key, cert },
      fetch: () => (reached++, new Response("ok")),
    });
    servers.push(server);
    const resolve = async () => [{ address: "127.0.0.1", family: 4 }];
    const url = `https://hooks.tls.test:${server.port}/hooks`;
    const result = await deliverOnce({ url, event, secrets: [secret], allowPrivate: true, resolve });
    expect(result).toMatchObject({ ok: false, status: null });
    expect(result.error).toMatch(/self[- ]signed|certificate/i);
    expect(reached).toBe(0);
  });
});

describe("the retry schedule", () => {
  const first = new Date("2026-11-28T00:00:00Z");

  test("backs off exponentially with jitter, and gives up after 3 days", () => {
    let now = first;
    const waits: number[] = [];
    for (let attempts = 1; ; attempts++) {
      const next = nextAttemptAt({ attempts, firstAttemptAt: first, now, random: 0.5 });
      if (!next) break;
      waits.push(next.getTime() - now.getTime());
      now = next;
    }
    expect(waits[0]).toBe(30_000);
    expect(waits[1]).toBe(60_000);
    expect(waits.every((w, i) => i === 0 || w >= waits[i - 1]!)).toBe(true);
    expect(Math.max(...waits)).toBe(12 * 60 * 60 * 1000);
    expect(now.getTime() - first.getTime()).toBeLessThanOrEqual(RETRY_WINDOW_MS);
    expect(now.getTime() - first.getTime()).toBeGreaterThan(RETRY_WINDOW_MS - 12 * 60 * 60 * 1000);

    const low = nextAttemptAt({ attempts: 3, firstAttemptAt: first, now: first, random: 0 })!;
    const high = nextAttemptAt({ attempts: 3, firstAttemptAt: first, now: first, random: 0.999999 })!;
    expect(low.getTime() - first.getTime()).toBe(96_000);
    expect(high.getTime() - first.getTime()).toBe(144_000);
  });

  test("an endpoint is disabled after 20 failures in a row spanning a day, not after a short burst", () => {
    const now = new Date(first.getTime() + 25 * 60 * 60 * 1000);
    expect(shouldDisableEndpoint({ consecutiveFailures: 20, failingSince: first, now })).toBe(true);
    expect(shouldDisableEndpoint({ consecutiveFailures: 19, failingSince: first, now })).toBe(false);
    const burst = new Date(now.getTime() - 5 * 60 * 1000);
    expect(shouldDisableEndpoint({ consecutiveFailures: 500, failingSince: burst, now })).toBe(false);
  });
});
