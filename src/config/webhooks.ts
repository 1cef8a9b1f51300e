// Where webhooks may go. Off (the default), only https URLs whose host resolves to public
// addresses; on, an operator whose receivers live on the private network (or tests on
// 127.0.0.1) allows private, loopback and link-local addresses and plain http too.
import { parseBoolean, value, type Env } from "./parse.ts";

export const webhooksAllowPrivate = (env: Env): boolean =>
  parseBoolean(value(env, "WEBHOOKS_ALLOW_PRIVATE"), "WEBHOOKS_ALLOW_PRIVATE", false);
