// The check threads: pdf.js and the photo conversions run off the server's event loop, so the
// portal keeps answering while a customer's iPhone photo is converted; a check that runs past
// CHECK_TIME_LIMIT_SECONDS is given up (its upload refused as unreadable, nothing kept), and the
// next check runs on a fresh thread.
import { beforeAll, describe, expect, test } from "bun:test";
import { copyFileSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join } from "node:path";
import { CheckAbandoned, checkThreadCount, idleCheckThreads, inspectPdfOnThread, prepareImageOnThread } from "../../src/features/document-checks/check-workers.ts";
import { CHECK_THREADS } from "../../src/features/document-checks/limiter.ts";
import { readOnThread } from "../../src/features/recognition/read-threads.ts";
import { WORK_THREADS, workThreads } from "../../src/lib/work-threads.ts";
import { createCustomer, uploadFile } from "../support/fixtures.ts";
import { storedKeys } from "../support/stored-files.ts";
import { tempDir, useTestServer, type Broker } from "../support/server.ts";

const corpus = join(import.meta.dir, "..", "files", "corpus");
const HEIC = join(corpus, "exif-samples--heic_IMG_5195.HEIC"); // an iPhone photo, 2566 × 3313
const PDF = join(corpus, "qpdf--leading-junk.pdf"); // 30 pages, print/copy restricted
const PHOTO = join(import.meta.dir, "..", "files", "recognition", "mindee-client-lib-test-data--v1_products_us_driver_license_default_sample.jpg");

/** A copy of a corpus file in a folder of its own: an image check rewrites the file it is given. */
function copyOf(file: string): string {
  const copy = join(tempDir("portal-check-threads-"), "upload");
  copyFileSync(file, copy);
  return copy;
}

describe("the check threads", () => {
  test("an iPhone photo is converted on a thread: the event loop keeps turning meanwhile", async () => {
    let turns = 0;
    const ticker = setInterval(() => turns++, 1);
    const path = copyOf(HEIC);
    try {
      const image = await prepareImageOnThread(path, "image/heic", 120_000);
      expect(image).toMatchObject({ mimeType: "image/jpeg", width: 2566, height: 3313, convertedFrom: "image/heic" });
      // The file now holds the JPEG the thread wrote, and its size is the one reported.
      expect(readFileSync(path).subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
      expect(statSync(path).size).toBe(image.size);
    } finally {
      clearInterval(ticker);
    }
    // Converting this photo takes seconds; done on the event loop, the timer could not have
    // fired in between (checked: with prepareImageFile called here instead, turns stays 0–2).
    expect(turns).toBeGreaterThan(20);
  }, 60_000);

  test("a check past its time limit is abandoned; the thread is replaced and the next check answers", async () => {
    const started = idleCheckThreads();
    const path = copyOf(HEIC);
    const abandoned = await prepareImageOnThread(path, "image/heic", 50).catch((error) => error);
    expect(abandoned).toBeInstanceOf(CheckAbandoned);
    expect(abandoned.reason).toBe("time_limit");
    expect(abandoned.message).toBe("The check took longer than 0.05 s");
    // The thread it ran on (the first test's, now idle, if any) is stopped, not handed out again.
    expect(idleCheckThreads()).toBe(Math.max(0, started - 1));
    expect(await inspectPdfOnThread(PDF, 120_000)).toEqual({ readable: true, pageCount: 30, restricted: true });
    expect(idleCheckThreads()).toBe(Math.max(started, 1));
  }, 60_000);

  test("a thread is handed the next file while it opens one; a file past its time limit does not take the one behind it down", async () => {
    // Every thread gets a photo that will run past its limit, then a PDF to open after it.
    const photos = Array.from({ length: CHECK_THREADS }, () => prepareImageOnThread(copyOf(HEIC), "image/heic", 50).catch((error) => error));
    const pdfs = Array.from({ length: CHECK_THREADS }, () => inspectPdfOnThread(PDF, 120_000));
    // Never more threads than CHECK_THREADS, each holding its photo and the PDF behind it.
    expect(checkThreadCount()).toBe(CHECK_THREADS);
    expect(idleCheckThreads()).toBe(0);
    for (const abandoned of await Promise.all(photos)) {
      expect(abandoned).toBeInstanceOf(CheckAbandoned);
      expect(abandoned.reason).toBe("time_limit");
    }
    // Each photo's thread was stopped; the PDFs waiting behind them went to new threads and opened.
    expect(await Promise.all(pdfs)).toEqual(pdfs.map(() => ({ readable: true, pageCount: 30, restricted: true })));
    expect(checkThreadCount()).toBeLessThanOrEqual(CHECK_THREADS);
  }, 60_000);

  test("files handed to one thread are opened one at a time, each caller getting its own answer", async () => {
    // A PDF takes pdf.js longer than a non-image takes to fail decoding: opened side by side on
    // a thread, the answers would come back crossed.
    const answers = await Promise.all(
      Array.from({ length: CHECK_THREADS * 2 }).flatMap(() => [
        inspectPdfOnThread(PDF, 120_000),
        prepareImageOnThread(copyOf(PDF), "image/jpeg", 120_000).catch((error) => error.constructor.name),
      ]),
    );
    expect(answers).toEqual(Array.from({ length: CHECK_THREADS * 2 }, () => [{ readable: true, pageCount: 30, restricted: true }, "ImageUnreadable"]).flat());
  }, 60_000);

  test("checks and recognition's reads share one pool: never more than CHECK_THREADS threads in all, and a check waits behind at most one read", async () => {
    // One more read than there are threads: every thread reads, and one read waits in the pool.
    const reads = Array.from({ length: WORK_THREADS + 1 }, () => readOnThread({ path: PHOTO, mimeType: "image/jpeg", budgetMs: 60_000 }, 120_000));
    expect(workThreads.count()).toBe(CHECK_THREADS);
    expect(workThreads.waiting()).toBe(1);
    const finished: string[] = [];
    const check = inspectPdfOnThread(PDF, 120_000).then((pdf) => (finished.push("check"), pdf));
    // The check was handed to a thread (behind the read it is doing), not made to wait for the read in the pool.
    expect(workThreads.count()).toBe(CHECK_THREADS);
    expect(workThreads.waiting()).toBe(1);
    const lastRead = reads.at(-1)!.then((text) => (finished.push("waiting read"), text));
    expect(await check).toEqual({ readable: true, pageCount: 30, restricted: true });
    for (const { text } of await Promise.all([...reads.slice(0, -1), lastRead])) expect(text).toMatch(/PHOENIX/);
    expect(finished).toEqual(["check", "waiting read"]);
    expect(workThreads.count()).toBeLessThanOrEqual(CHECK_THREADS);
  }, 120_000);

  test("an image the thread cannot decode comes back as that error, and the thread stays in service", async () => {
    const path = copyOf(PDF);
    const error = await prepareImageOnThread(path, "image/jpeg", 120_000).catch((e) => e);
    expect(error.constructor.name).toBe("ImageUnreadable");
    expect(idleCheckThreads()).toBeGreaterThan(0);
  });
});

describe("an upload whose check runs past CHECK_TIME_LIMIT_SECONDS", () => {
  const srv = useTestServer({ CHECK_TIME_LIMIT_SECONDS: "0.05", MIN_IMAGE_PIXELS: "400x400" });
  let broker: Broker;
  beforeAll(async () => {
    broker = await srv.signUpBroker();
  });

  test("is refused as unreadable, and nothing is stored or left behind", async () => {
    const c = await createCustomer(srv, broker.token, { email: "slow-photo@example.com", requiredDocuments: [{ name: "Photo ID" }] });
    const doc = c.documents[0]!;
    const before = (await storedKeys(srv)).length;
    const res = await uploadFile(srv, c.uploadLink, doc.id, { bytes: new Uint8Array(readFileSync(HEIC)), name: "IMG_5195.HEIC", type: "image/heic" });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This image cannot be read: it is damaged or not a real photo. Please take the photo again or send a PDF.");
    expect((await storedKeys(srv)).length).toBe(before);
    expect(readdirSync(srv.server.ctx.files.tempDir)).toEqual([]);
    const docs = await srv.call<{ id: string; status: string }[]>(`/api/customer/${c.id}/documents`, { token: broker.token });
    expect(docs.body.find((d) => d.id === doc.id)?.status).toBe("requested");
  }, 60_000);
});
