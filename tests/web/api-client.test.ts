import { afterEach, expect, test } from "bun:test";
import { ApiError, apiFetch as typedFetch } from "../../web/api/client";

// The client's mechanics, on paths no route serves: a typed call refuses them, so these go untyped.
const apiFetch = typedFetch as (path: string, options?: { method?: "POST"; body?: unknown }) => Promise<unknown>;

const realFetch = globalThis.fetch;
afterEach(() => {
  globalThis.fetch = realFetch;
});

function answer(response: Response) {
  const seen: RequestInit[] = [];
  globalThis.fetch = (async (_input: RequestInfo | URL, init?: RequestInit) => {
    seen.push(init ?? {});
    return response;
  }) as typeof fetch;
  return seen;
}

async function failure(response: Response): Promise<ApiError> {
  answer(response);
  try {
    await apiFetch("/api/anything");
  } catch (error) {
    if (error instanceof ApiError) return error;
    throw error;
  }
  throw new Error("apiFetch did not throw");
}

test("sends JSON with the session cookie and parses the reply", async () => {
  const seen = answer(new Response(JSON.stringify({ ok: 1 }), { status: 200 }));
  expect(await apiFetch("/api/x", { method: "POST", body: { a: 1 } })).toEqual({ ok: 1 });
  expect(seen[0]?.credentials).toBe("include");
  expect(seen[0]?.body).toBe('{"a":1}');
  expect((seen[0]?.headers as Record<string, string>)["Content-Type"]).toBe("application/json");
});

test("error message is the JSON body's message", async () => {
  const error = await failure(new Response(JSON.stringify({ message: "Email already registered" }), { status: 409 }));
  expect(error.status).toBe(409);
  expect(error.message).toBe("Email already registered");
});

test("error message falls back to the raw body, the status text, then HTTP status", async () => {
  expect((await failure(new Response("Bad gateway upstream", { status: 502 }))).message).toBe("Bad gateway upstream");
  expect((await failure(new Response("", { status: 503, statusText: "Service Unavailable" }))).message).toBe(
    "Service Unavailable",
  );
  expect((await failure(new Response(null, { status: 500, statusText: "" }))).message).toBe("HTTP 500");
});
