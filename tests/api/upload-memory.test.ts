// receiveFile keeps only what it is working on: the chunks of a body already written to the
// temporary file are garbage while the rest still arrives. (Racing every read against one
// promise that lives as long as the upload kept each chunk reachable until the end: 50
// concurrent 10 MB uploads held their whole bodies, 500+ MB.) Checked with WeakRefs to the
// chunks the client sent, after a full collection in the middle of the upload.
import { afterAll, expect, test } from "bun:test";
import { rmSync } from "node:fs";
import { receiveFile } from "../../src/lib/upload.ts";
import { realPdf } from "../files/samples.ts";
import { tempDir } from "../support/server.ts";

const dir = tempDir("upload-memory-");
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const CHUNK = 64 * 1024;
const CHUNKS = 160; // 10 MB
const EARLY = 40; // the first 2.5 MB: long written to disk when the collection runs

test("chunks already written are not kept alive while the rest of the body arrives", async () => {
  const boundary = "----memtest";
  const enc = new TextEncoder();
  const head = enc.encode(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n`);
  const tail = enc.encode(`\r\n--${boundary}--\r\n`);
  const pdf = realPdf(1);
  const early: WeakRef<Uint8Array>[] = [];
  let collectedEarly = -1;
  let sent = 0;
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (sent === 0) controller.enqueue(head);
      if (sent === CHUNKS) {
        controller.enqueue(tail);
        controller.close();
        return;
      }
      if (sent === CHUNKS / 2) {
        // Halfway: let the earlier chunks' writes finish, collect everything, count what is gone.
        await Bun.sleep(50);
        Bun.gc(true);
        await Bun.sleep(0);
        Bun.gc(true);
        collectedEarly = early.filter((ref) => ref.deref() === undefined).length;
      }
      const chunk = new Uint8Array(CHUNK);
      if (sent === 0) chunk.set(pdf);
      if (sent < EARLY) early.push(new WeakRef(chunk));
      controller.enqueue(chunk);
      sent++;
    },
  });
  const request = new Request("http://portal.test/upload", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body,
  });
  const received = await receiveFile(request, { tempDir: dir, maxBytes: 11 * 1024 * 1024, accept: ["application/pdf"], acceptMessage: "PDF only" });
  expect(received.size).toBe(CHUNKS * CHUNK);
  expect(Bun.file(received.tempPath).size).toBe(CHUNKS * CHUNK);
  // A few may be held by the runtime's own buffers or a conservative stack scan; not most of them.
  expect(collectedEarly).toBeGreaterThanOrEqual(EARLY / 2);
});
