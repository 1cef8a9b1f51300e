import { t } from "elysia";

export const TokenQuery = t.Object({ token: t.Optional(t.String({ maxLength: 200 })) });
export const ProxyQuery = t.Object({
  url: t.String({ maxLength: 2000, error: "url is required" }),
  filename: t.Optional(t.String({ maxLength: 500 })),
});

/** A link that opens one file without signing in, until it expires. */
export const FileLinkDto = t.Object({ url: t.String(), expiresAt: t.String() });
export type FileLinkDto = typeof FileLinkDto.static;
