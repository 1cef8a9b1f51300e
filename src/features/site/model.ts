import { t } from "elysia";

/** What the landing page's footer offers; null where the operator set nothing. */
export const SiteInfoDto = t.Object({
  supportEmail: t.Nullable(t.String()),
  termsUrl: t.Nullable(t.String()),
  privacyUrl: t.Nullable(t.String()),
  contactUrl: t.Nullable(t.String()),
});
export type SiteInfoDto = typeof SiteInfoDto.static;
