// A local stand-in for an OpenAI-compatible model endpoint (LLM_BASE_URL): it speaks the same HTTP
// API (POST /v1/chat/completions) and answers what a test tells it to: a reply, nothing at all (it
// hangs), garbage, or a 500. It keeps every request it was sent, so a test can say what left the
// portal. Never a real provider.

export type StandInMode = { kind: "reply"; content: (question: { system: string; user: string }) => string } | { kind: "hang" } | { kind: "garbage" } | { kind: "error" };

export interface ModelStandIn {
  /** The LLM_* settings pointing a portal at this stand-in. */
  env: Record<string, string>;
  mode: StandInMode;
  /** The bodies of every chat-completion request received, parsed. */
  received: { model: string; messages: { role: string; content: string }[]; authorization: string | null }[];
  stop(): void;
}

export function startModelStandIn(extraEnv: Record<string, string> = {}): ModelStandIn {
  const hung: (() => void)[] = [];
  const standIn: ModelStandIn = {
    env: {},
    mode: { kind: "garbage" },
    received: [],
    stop: () => {
      for (const release of hung) release();
      server.stop(true);
    },
  };
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    idleTimeout: 0,
    async fetch(request) {
      const url = new URL(request.url);
      if (request.method !== "POST" || url.pathname !== "/v1/chat/completions") return new Response("not found", { status: 404 });
      const body = (await request.json()) as { model: string; messages: { role: string; content: string }[] };
      standIn.received.push({ ...body, authorization: request.headers.get("authorization") });
      const mode = standIn.mode;
      if (mode.kind === "hang") return new Promise<Response>((resolve) => hung.push(() => resolve(new Response("late"))));
      if (mode.kind === "error") return Response.json({ error: { message: "the model fell over" } }, { status: 500 });
      if (mode.kind === "garbage") return new Response("<html>definitely not JSON{{{", { headers: { "content-type": "application/json" } });
      const system = body.messages.find((m) => m.role === "system")?.content ?? "";
      const user = body.messages.find((m) => m.role === "user")?.content ?? "";
      return Response.json({
        id: "chatcmpl-standin",
        object: "chat.completion",
        model: body.model,
        choices: [{ index: 0, finish_reason: "stop", message: { role: "assistant", content: mode.content({ system, user }) } }],
      });
    },
  });
  standIn.env = { LLM_BASE_URL: `http://127.0.0.1:${server.port}/v1`, LLM_MODEL: "stand-in-model", LLM_API_KEY: "stand-in-key", LLM_TIMEOUT_SECONDS: "2", ...extraEnv };
  return standIn;
}
