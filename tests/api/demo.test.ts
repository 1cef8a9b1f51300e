// Request a Demo (SPEC 2): GET /api/demo-video says what the dialog plays, and the shipped
// walkthrough (public/demo.*) is served by the portal with the right content types.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { ConfigError, loadConfig } from "../../src/config.ts";
import { DEMO_STEPS, SHIPPED_DEMO } from "../../src/shared/demo.ts";
import { startTestServer, tempDir, useTestServer, type TestServer } from "../support/server.ts";

const srv = useTestServer();

describe("the shipped walkthrough", () => {
  test("is what the dialog plays when no DEMO_VIDEO_URL is set", async () => {
    const res = await fetch(`${srv.url}/api/demo-video`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({
      sources: [
        { url: "/demo.webm", type: "video/webm" },
        { url: "/demo.mp4", type: "video/mp4" },
      ],
      captionsUrl: "/demo.vtt",
    });
  });

  test("its video files are served as video, and really are WebM and MP4 of a few hundred kB", async () => {
    for (const { url, type } of SHIPPED_DEMO.sources) {
      const res = await fetch(`${srv.url}${url}`);
      expect(res.status).toBe(200);
      expect(res.headers.get("content-type")).toBe(type!);
      const bytes = new Uint8Array(await res.arrayBuffer());
      expect(bytes.length).toBeGreaterThan(50_000);
      expect(bytes.length).toBeLessThan(1_000_000);
      if (type === "video/webm") expect([...bytes.slice(0, 4)]).toEqual([0x1a, 0x45, 0xdf, 0xa3]); // EBML
      else expect(new TextDecoder().decode(bytes.slice(4, 8))).toBe("ftyp");
    }
  });

  test("the videos answer byte ranges, which Safari needs to play them", async () => {
    const res = await fetch(`${srv.url}/demo.mp4`, { headers: { Range: "bytes=0-99" } });
    expect(res.status).toBe(206);
    expect(res.headers.get("content-range")).toMatch(/^bytes 0-99\/\d+$/);
    expect((await res.arrayBuffer()).byteLength).toBe(100);
  });

  test("its captions are WebVTT, one cue per step of the walkthrough", async () => {
    const res = await fetch(`${srv.url}${SHIPPED_DEMO.captionsUrl}`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("text/vtt; charset=utf-8");
    const text = await res.text();
    expect(text.startsWith("WEBVTT\n")).toBe(true);
    const cues = [...text.matchAll(/(\d\d:\d\d:\d\d\.\d{3}) --> (\d\d:\d\d:\d\d\.\d{3})\n(.+)/g)];
    expect(cues.map((cue) => cue[3])).toEqual([...DEMO_STEPS]);
    // In order, each ending where the next begins.
    for (let i = 1; i < cues.length; i++) expect(cues[i]![1]).toBe(cues[i - 1]![2]!);
  });

  test("the page may play media from the portal itself only", async () => {
    const res = await fetch(`${srv.url}/`);
    expect(res.headers.get("content-security-policy")).toContain("media-src 'self';");
  });
});

describe("an operator's own video (DEMO_VIDEO_URL)", () => {
  let other: TestServer;
  beforeAll(async () => {
    other = await startTestServer({ DEMO_VIDEO_URL: "https://media.example.com/videos/tour.mp4" });
  });
  afterAll(() => other?.stop());

  test("is played instead, without the shipped captions (they describe the shipped video)", async () => {
    const res = await fetch(`${other.url}/api/demo-video`);
    expect(await res.json()).toEqual({ sources: [{ url: "https://media.example.com/videos/tour.mp4", type: null }], captionsUrl: null });
  });

  test("may be loaded from its host: the content security policy allows that origin for media only", async () => {
    const csp = (await fetch(`${other.url}/`)).headers.get("content-security-policy")!;
    expect(csp).toContain("media-src 'self' https://media.example.com;");
    expect(csp).toContain("connect-src 'self';");
  });
});

describe("DEMO_VIDEO_URL setting", () => {
  const dirs: string[] = [];
  const load = (value: string) => {
    const dir = tempDir("portal-demo-config-");
    dirs.push(dir);
    return loadConfig({ DATA_DIR: dir, DEMO_VIDEO_URL: value });
  };
  afterAll(() => dirs.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

  test("takes an http(s) URL or a path on the portal", () => {
    expect(load("https://cdn.example.com/demo.mp4").demoVideoUrl).toBe("https://cdn.example.com/demo.mp4");
    expect(load("/media/demo.mp4").demoVideoUrl).toBe("/media/demo.mp4");
    expect(load("").demoVideoUrl).toBeNull();
  });

  test("refuses anything else, naming the setting", () => {
    for (const bad of ["ftp://example.com/demo.mp4", "demo.mp4", "//cdn.example.com/demo.mp4", "javascript:alert(1)"]) {
      expect(() => load(bad)).toThrow(ConfigError);
      expect(() => load(bad)).toThrow(/^DEMO_VIDEO_URL must/);
    }
  });
});
