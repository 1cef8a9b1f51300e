// Request a Demo (SPEC 2 "Landing page") opens a video dialog. A self-hosted portal ships a short
// walkthrough of itself (public/demo.webm and .mp4 with public/demo.vtt captions, recorded by
// scripts/record-demo.ts); an operator may set DEMO_VIDEO_URL to play their own video instead.
import type { AppContext } from "../../context.ts";
import { SHIPPED_DEMO } from "../../shared/demo.ts";
import type { DemoVideo } from "./model.ts";

export function demoVideo(ctx: AppContext): DemoVideo {
  const url = ctx.config.demoVideoUrl;
  // The shipped captions describe the shipped walkthrough, not the operator's video.
  return url ? { sources: [{ url, type: null }], captionsUrl: null } : SHIPPED_DEMO;
}
