// The download helper's fallbacks (SPEC 7, 8): link click, then fetch as a blob, then a new tab
// with a Save As hint.
import { expect, test } from "bun:test";
import { render, screen } from "@testing-library/react";
import { downloadFile, SAVE_AS_HINT, type DownloadEnvironment } from "../../web/lib/download";
import { ToastRegion } from "../../web/components/ui/ToastRegion";

function environment(overrides: Partial<DownloadEnvironment> & { clickFails?: (href: string) => boolean } = {}) {
  const log: string[] = [];
  const doc = document.implementation.createHTMLDocument("download");
  const realCreate = doc.createElement.bind(doc);
  doc.createElement = ((tag: string) => {
    const element = realCreate(tag);
    if (tag === "a") {
      (element as HTMLAnchorElement).click = function (this: HTMLAnchorElement) {
        const href = this.getAttribute("href")!;
        if (overrides.clickFails?.(href)) throw new Error("click refused");
        log.push(`click ${href} as ${this.download}`);
      };
    }
    return element;
  }) as typeof doc.createElement;
  const env: DownloadEnvironment = {
    document: doc,
    location: { origin: "http://localhost:3000" },
    fetch: async (url) => {
      log.push(`fetch ${url}`);
      return new Response("%PDF-1.4", { status: 200 });
    },
    open: (url) => void log.push(`open ${url}`),
    createObjectURL: () => "blob:http://localhost:3000/1",
    revokeObjectURL: () => {},
    supportsDownloadAttribute: true,
    ...overrides,
  };
  return { env, log };
}

test("a same-origin file is saved by a link click with the file's name", async () => {
  const { env, log } = environment();
  expect(await downloadFile("/api/documents/d1/download", "Rate Lock.pdf", env)).toBe("link");
  expect(log).toEqual(["click /api/documents/d1/download as Rate Lock.pdf"]);
});

test("when the click fails, or the browser ignores the download attribute, the file is fetched as a blob", async () => {
  const failing = environment({ clickFails: (href) => href.startsWith("/api/") });
  expect(await downloadFile("/api/documents/d1/download", "a.pdf", failing.env)).toBe("blob");
  expect(failing.log).toEqual(["fetch /api/documents/d1/download", "click blob:http://localhost:3000/1 as a.pdf"]);

  const old = environment({ supportsDownloadAttribute: false });
  expect(await downloadFile("/api/documents/d1/download", "a.pdf", old.env)).toBe("blob");
  expect(old.log[0]).toBe("fetch /api/documents/d1/download");
});

test("a cross-origin file skips the link (it would navigate away) and is fetched", async () => {
  const { env, log } = environment();
  expect(await downloadFile("https://files.example.com/x.pdf", "x.pdf", env)).toBe("blob");
  expect(log[0]).toBe("fetch https://files.example.com/x.pdf");
});

test("when the fetch fails too, the file opens in a new tab with the Save As hint", async () => {
  render(<ToastRegion />);
  const { env, log } = environment({
    clickFails: () => true,
    fetch: async (url) => {
      log.push(`fetch ${url}`);
      return new Response("gone", { status: 404 });
    },
  });
  expect(await downloadFile("/api/documents/d1/download", "a.pdf", env)).toBe("tab");
  expect(log).toEqual(["fetch /api/documents/d1/download", "open /api/documents/d1/download"]);
  expect(await screen.findByText(SAVE_AS_HINT.title)).toBeTruthy();
  expect(screen.getByText(SAVE_AS_HINT.description)).toBeTruthy();
});
