import { t } from "elysia";

/** What Request a Demo plays: the operator's video (DEMO_VIDEO_URL) or the walkthrough shipped in public/. */
export const DemoVideo = t.Object({
  /** The same video in one or more formats; the browser plays the first it can. */
  sources: t.Array(t.Object({ url: t.String(), type: t.Nullable(t.String()) })),
  /** WebVTT captions; null when the operator's own video brings none. */
  captionsUrl: t.Nullable(t.String()),
});
export type DemoVideo = typeof DemoVideo.static;
