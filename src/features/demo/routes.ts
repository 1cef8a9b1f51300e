// GET /api/demo-video: public, like the landing page that asks for it.
import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { DemoVideo } from "./model.ts";
import { demoVideo } from "./service.ts";

export const demoRoutes = (ctx: AppContext) =>
  new Elysia({ name: "demo", seed: contextSeed(ctx) }).get("/api/demo-video", () => demoVideo(ctx), { response: DemoVideo });
