// Response shapes every feature answers with. Errors need no schema: the app's onError answers
// them as a ready Response ({ message }), and Elysia never validates a Response.
import { t } from "elysia";

export const Message = t.Object({ message: t.String() });

/** `:id` in a path: a row's id (another broker's looks exactly like a missing one: 404). */
export const IdParams = t.Object({ id: t.String({ maxLength: 64 }) });
/** A route under a customer's upload link (the portal's, and its notifications'). */
export const LinkParams = t.Object({ uploadLink: t.String({ maxLength: 128 }) });

/** An optional text field that may also be sent as null; `error` is the message when it is not text or too long. */
export const optionalText = (maxLength: number, error: string) => t.Optional(t.Union([t.String({ maxLength }), t.Null()], { error }));
export type Message = typeof Message.static;

/** A date sent over JSON: an ISO 8601 string, or null where the date may be missing. */
export const IsoDate = t.String();
export const MaybeDate = t.Nullable(t.String());

/** Anything that is not JSON (a stored file, the web app): the handler answers with a Response. */
export const NotJson = t.Any({ description: "Not JSON: a file or page, answered as a ready Response" });
