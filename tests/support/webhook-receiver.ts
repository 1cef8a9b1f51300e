// A real HTTP receiver of webhook deliveries on 127.0.0.1 (the portal under test runs with
// WEBHOOKS_ALLOW_PRIVATE=true), keeping every delivery and answering as told.
import { getSchemaValidator } from "elysia";
import { webhookDataSchemas } from "../../src/features/webhooks/events.ts";

export interface Delivery {
  signature: string | null;
  body: string;
  event: { id: string; type: string; createdAt: string; data: any };
}

export function webhookReceiver(answer: () => Response | Promise<Response> = () => new Response("ok")) {
  const received: Delivery[] = [];
  const server = Bun.serve({
    hostname: "127.0.0.1",
    port: 0,
    async fetch(request) {
      const body = await request.text();
      received.push({ signature: request.headers.get("portal-signature"), body, event: JSON.parse(body) });
      return answer();
    },
  });
  return { url: `http://127.0.0.1:${server.port}/hooks`, received, stop: () => server.stop(true) };
}

/** Fails unless the delivery's data is what its type's published schema says (webhooks/events.ts). */
export function expectMatchesSchema(event: Delivery["event"]): void {
  const schema = webhookDataSchemas[event.type as keyof typeof webhookDataSchemas];
  if (!schema) throw new Error(`no published schema for ${event.type}`);
  const validator = getSchemaValidator(schema);
  if (!validator.Check(event.data)) throw new Error(`${event.type} payload does not match its schema: ${JSON.stringify([...validator.Errors(event.data)].map((e) => `${e.path} ${e.message}`))}`);
}
