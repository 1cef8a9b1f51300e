// What the public pages need to know about this portal's operator (the landing page's footer):
// SUPPORT_EMAIL, TERMS_URL, PRIVACY_URL, CONTACT_URL.
import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { SiteInfoDto } from "./model.ts";

export const siteRoutes = (ctx: AppContext) =>
  new Elysia({ name: "site", seed: contextSeed(ctx), prefix: "/api" }).get("/site", (): SiteInfoDto => ctx.config.site, { response: SiteInfoDto });
