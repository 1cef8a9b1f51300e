// Webhooks aimed where they must not go (issue 43, hostile): loopback, the metadata service,
// private ranges, a name resolving to loopback, plain http, all refused when the endpoint is added
// (and checked again at every delivery: the engine's tests, tests/api/webhooks-delivery.test.ts).
// With WEBHOOKS_ALLOW_PRIVATE=true (receivers on 127.0.0.1), receivers that misbehave: a redirect
// to the metadata address, one that never answers, one that answers 10 MB, one that answers slowly.
// Each is contained: no redirect followed, 10 s at most, 1 KB kept, the log says what happened.
import { afterAll, describe, expect, test } from "bun:test";
import { countRows } from "../support/fixtures.ts";
import { startTestServer, type TestServer } from "../support/server.ts";

const servers: TestServer[] = [];
const receivers: { stop(force?: boolean): void }[] = [];
afterAll(async () => {
  receivers.forEach((r) => r.stop(true));
  await Promise.all(servers.map((s) => s.stop()));
});

async function portal(env: Record<string, string> = {}) {
  const srv = await startTestServer(env);
  servers.push(srv);
  return { srv, broker: await srv.signUpBroker() };
}

describe("refused when added (WEBHOOKS_ALLOW_PRIVATE off)", () => {
  test("loopback, metadata, private ranges, a name resolving to loopback, plain http: 400, nothing stored", async () => {
    const { srv, broker } = await portal();
    for (const url of [
      "https://127.0.0.1/hook",
      "https://169.254.169.254/latest/meta-data/",
      "https://10.0.0.8/hook",
      "https://172.16.5.4/hook",
      "https://192.168.1.10/hook",
      "https://[::1]/hook",
      "https://[::ffff:127.0.0.1]/hook",
      // Local-use NAT64 (RFC 8215): the operator's translator into its own network, however the IPv4 is placed.
      "https://[64:ff9b:1::a9fe:a9fe]/hook",
      "https://[64:ff9b:1:a9fe:a9fe::]/hook",
      "https://[64:ff9b:1:ffff::808:808]/hook",
      "https://localhost/hook",
      "http://93.184.215.14/hook",
      "https://user:pass@93.184.215.14/hook",
    ]) {
      const res = await srv.call("/api/webhooks", { method: "POST", token: broker.token, body: { url, events: ["customer.created"] } });
      expect({ url, status: res.status }).toEqual({ url, status: 400 });
      expect(res.body.message).toBeString();
    }
    expect(await countRows(srv, "webhook_endpoints")).toBe(0);
  });
});

describe("misbehaving receivers (WEBHOOKS_ALLOW_PRIVATE on)", () => {
  function receiver(fetch: (request: Request) => Response | Promise<Response>) {
    const server = Bun.serve({ hostname: "127.0.0.1", port: 0, idleTimeout: 60, fetch });
    receivers.push(server);
    return `http://127.0.0.1:${server.port}/hook`;
  }

  async function deliverTo(srv: TestServer, token: string, url: string) {
    const endpoint = await srv.call("/api/webhooks", { method: "POST", token, body: { url, events: ["customer.created"] } });
    expect(endpoint.status).toBe(201);
    await srv.call(`/api/webhooks/${endpoint.body.id}/test`, { method: "POST", token });
    await srv.runJobs();
    return (await srv.call(`/api/webhooks/${endpoint.body.id}/deliveries`, { token })).body[0];
  }

  test("a redirect to the metadata address is not followed", async () => {
    const { srv, broker } = await portal({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    let hops = 0;
    const target = receiver(() => {
      hops++;
      return new Response("landed");
    });
    const url = receiver(() => Response.redirect(target, 302));
    const entry = await deliverTo(srv, broker.token, url);
    expect(entry).toMatchObject({ status: "failed", lastStatus: 302, lastError: "Redirects are not followed (HTTP 302)" });
    const meta = await deliverTo(srv, broker.token, receiver(() => Response.redirect("http://169.254.169.254/latest/meta-data/", 307)));
    expect(meta).toMatchObject({ status: "failed", lastStatus: 307 });
    expect(hops).toBe(0);
  });

  test("10 MB answered: 1 KB kept; never answered and answered slowly: 10 s at most", async () => {
    const { srv, broker } = await portal({ WEBHOOKS_ALLOW_PRIVATE: "true" });
    const huge = await deliverTo(srv, broker.token, receiver(() => new Response("x".repeat(10 * 1024 * 1024))));
    expect(huge).toMatchObject({ status: "succeeded", lastStatus: 200 });
    expect(huge.responseSnippet).toHaveLength(1024);

    const silent = await deliverTo(srv, broker.token, receiver(() => new Promise<Response>(() => {})));
    expect(silent).toMatchObject({ status: "failed", lastStatus: null, lastError: "No answer within 10 s" });
    expect(silent.durationMs).toBeLessThan(15_000);

    const slow = await deliverTo(
      srv,
      broker.token,
      receiver(() => {
        // A status at once, then a byte a second, forever.
        const stream = new ReadableStream({
          async pull(controller) {
            await Bun.sleep(1000);
            controller.enqueue(new TextEncoder().encode("."));
          },
        });
        return new Response(stream, { status: 200 });
      }),
    );
    expect(slow).toMatchObject({ status: "succeeded", lastStatus: 200 });
    expect(slow.durationMs).toBeLessThan(15_000);
  }, 120_000);
});
