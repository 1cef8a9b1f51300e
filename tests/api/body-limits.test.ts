// Request body limits hold on the bytes actually sent, announced (Content-Length) or not
// (chunked), and every refusal is a JSON 413 the client can show.
import { describe, expect, test } from "bun:test";
import { createCustomer, sampleFiles } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";
import { uploadMessages } from "../../src/shared/validation.ts";
import { row, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker();

const MB = 1024 * 1024;
const q = async (text: string, ...args: unknown[]) => (await row<any>(srv.server.ctx.db, statement(text, ...args))) ?? null;

/** A body sent in chunks without Content-Length, as `Transfer-Encoding: chunked`. */
function chunked(bytes: Uint8Array<ArrayBuffer>, chunkSize = 64 * 1024): ReadableStream<Uint8Array> {
  let offset = 0;
  return new ReadableStream({
    pull(controller) {
      if (offset >= bytes.length) return controller.close();
      controller.enqueue(bytes.subarray(offset, (offset += chunkSize)));
    },
  });
}

async function post(path: string, body: Uint8Array<ArrayBuffer>, options: { contentType: string; announce: boolean }) {
  const res = await fetch(srv.url + path, {
    method: "POST",
    headers: { "content-type": options.contentType },
    body: options.announce ? body : chunked(body),
    // @ts-expect-error Bun/undici: a streamed request body
    duplex: "half",
  });
  const text = await res.text();
  return { status: res.status, contentType: res.headers.get("content-type") ?? "", text };
}

/** A JSON sign-up whose first name is `size` bytes of padding. */
const bigSignUp = (size: number) =>
  new TextEncoder().encode(JSON.stringify({ email: `big${size}@example.com`, password: "correct horse battery", firstName: "a".repeat(size) }));

describe("JSON bodies are held to 1 MB", () => {
  test.each([
    ["announced", true],
    ["chunked, without Content-Length", false],
  ])("%s: 20 MB to an anonymous endpoint is a JSON 413 and nothing is created", async (_case, announce) => {
    const res = await post("/api/auth/signup", bigSignUp(20 * MB), { contentType: "application/json", announce });
    expect(res.status).toBe(413);
    expect(res.contentType).toContain("application/json");
    expect(JSON.parse(res.text).message).toBe("The request body is too large.");
    expect((await q("select count(*) as n from users where email = ?", `big${20 * MB}@example.com`)).n).toBe(0);
  });

  test("an endless chunked body is cut off at the limit, not read to its end", async () => {
    let sent = 0;
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(new TextEncoder().encode('{"email":"x@example.com","password":"'));
      },
      pull(controller) {
        sent += 64 * 1024;
        controller.enqueue(new Uint8Array(64 * 1024).fill(97));
      },
    });
    const res = await fetch(`${srv.url}/api/auth/signin`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: endless,
      // @ts-expect-error Bun/undici: a streamed request body
      duplex: "half",
    });
    expect(res.status).toBe(413);
    expect((await res.json()).message).toBe("The request body is too large.");
    await endless.cancel().catch(() => {});
    expect(sent).toBeLessThan(64 * MB);
  });

  test("a chunked body under the limit is still read", async () => {
    const res = await post("/api/auth/signin", new TextEncoder().encode(JSON.stringify({ email: "nobody@example.com", password: "x".repeat(100) })), {
      contentType: "application/json",
      announce: false,
    });
    expect(res.status).toBe(401);
  });
});

describe("bodies beyond the server's outer bound", () => {
  const multipart = (size: number) => {
    const boundary = "----portal-outer-bound";
    const head = new TextEncoder().encode(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="huge.pdf"\r\nContent-Type: application/pdf\r\n\r\n`,
    );
    const body = new Uint8Array(size);
    body.set(head);
    body.set(sampleFiles.pdf(), head.length);
    return { body, contentType: `multipart/form-data; boundary=${boundary}` };
  };

  test.each([
    ["announced", true],
    ["chunked, without Content-Length", false],
  ])("%s: a 27 MB upload is a JSON 413 with the portal's words", async (_case, announce) => {
    const c = await createCustomer(srv, broker.token);
    const { body, contentType } = multipart(27 * MB);
    const res = await post(`/api/upload/${c.uploadLink}/documents/${c.documents[0]!.id}`, body, { contentType, announce });
    expect(res.status).toBe(413);
    expect(res.contentType).toContain("application/json");
    expect(JSON.parse(res.text).message).toBe(uploadMessages.tooLarge(10 * MB));
    expect((await q("select status from documents where id = ?", c.documents[0]!.id)).status).toBe("requested");
  });

  test("a 27 MB JSON body is a JSON 413 too", async () => {
    const res = await post("/api/auth/signin", bigSignUp(27 * MB), { contentType: "application/json", announce: true });
    expect(res.status).toBe(413);
    expect(JSON.parse(res.text).message).toBe("The request body is too large.");
  });
});
