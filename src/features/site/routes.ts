// What the public pages need to know about this portal's operator (the landing page's footer).
import { Elysia, t } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";

export const SiteInfoDto = t.Object({
  supportEmail: t.Nullable(t.String()),
  termsUrl: t.Nullable(t.String()),
  privacyUrl: t.Nullable(t.String()),
  contactUrl: t.Nullable(t.String()),
});
export type SiteInfoDto = typeof SiteInfoDto.static;

export const siteRoutes = (ctx: AppContext) =>
  new Elysia({ name: "site", seed: contextSeed(ctx), prefix: "/api" }).get("/site", (): SiteInfoDto => ctx.config.site, { response: SiteInfoDto });
