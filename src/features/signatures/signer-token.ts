// Another signer's link, /sign/{token}: the token is an HMAC of the signer's id with the server's
// secret, and only its SHA-256 is stored (like every token), so a copy of the database opens no
// signing page. Made from the secret rather than random so the portal can write the same link
// again (the completed email, after the signing), never having kept it.
import { createHmac } from "node:crypto";
import type { AppContext } from "../../context.ts";
import { hashToken } from "../../lib/tokens.ts";

export const signerToken = (ctx: AppContext, signerId: string) => createHmac("sha256", ctx.config.sessionSecret).update(`signer:${signerId}`).digest("base64url");

export const signerTokenHash = (ctx: AppContext, signerId: string) => hashToken(signerToken(ctx, signerId));

export const signUrl = (ctx: AppContext, signerId: string) => `${ctx.config.publicUrl}/sign/${signerToken(ctx, signerId)}`;
