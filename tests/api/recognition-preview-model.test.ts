// A previewed upload is read once (reviewer's finding 9): the portal's preview reads the picked
// file, the model endpoint (a local stand-in) giving its second opinion where the rules cannot
// tell, and the upload of the same bytes keeps that reading instead of reading the stored file
// again in a job, so the model is asked once, not twice. Another file is read after its upload
// as before.
import { afterAll, beforeEach, expect, test } from "bun:test";
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { createCustomer } from "../support/fixtures.ts";
import { startModelStandIn } from "../support/model-stand-in.ts";
import { useServerWithBroker } from "../support/server.ts";

const standIn = startModelStandIn();
// The rules cannot place this scan (plain text about OCR): the model is asked. 640 x 480 pixels.
const { srv, broker } = useServerWithBroker({ ...standIn.env, MIN_IMAGE_PIXELS: "400x600" });
afterAll(() => standIn.stop());
beforeEach(() => {
  standIn.received.length = 0;
  standIn.mode = { kind: "reply", content: () => '{"kind": "utility_bill"}' };
});

const scan = new Uint8Array(readFileSync(join(import.meta.dir, "../files/recognition/naptha-tesseract.js--tests_assets_images_testocr.png")));
const other = new Uint8Array([...scan, 0]); // the same picture, other bytes: not the previewed file

function send(path: string, bytes: Uint8Array<ArrayBuffer>) {
  const form = new FormData();
  form.append("file", new Blob([bytes], { type: "image/png" }), "scan.png");
  return srv.call(path, { method: "POST", body: form });
}
const recognitionOf = async (customerId: string, documentId: string) =>
  (await srv.call(`/api/customer/${customerId}`, { token: broker.token })).body.documents.find((d: { id: string }) => d.id === documentId).recognition;

test("the upload of the previewed file keeps the preview's reading: the model is asked once", async () => {
  const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
  const paystub = c.documents[0]!;
  const previewed = await send(`/api/upload/${c.uploadLink}/documents/${paystub.id}/recognition`, scan);
  expect(previewed.status).toBe(200);
  expect(previewed.body.recognition).toMatchObject({ kind: "utility_bill", verdict: "warn" });
  expect(standIn.received).toHaveLength(1);
  expect((await send(`/api/upload/${c.uploadLink}/documents/${paystub.id}`, scan)).status).toBe(200);
  await srv.runJobs();
  expect(standIn.received).toHaveLength(1);
  expect(await recognitionOf(c.id, paystub.id)).toMatchObject({ kind: "utility_bill", verdict: "warn" });
}, 60_000);

test("another file than the previewed one is read after its upload, as before", async () => {
  const c = await createCustomer(srv, broker.token, { requiredDocuments: [{ name: "Paystub" }] });
  const paystub = c.documents[0]!;
  expect((await send(`/api/upload/${c.uploadLink}/documents/${paystub.id}/recognition`, scan)).status).toBe(200);
  expect((await send(`/api/upload/${c.uploadLink}/documents/${paystub.id}`, other)).status).toBe(200);
  await srv.runJobs();
  expect(standIn.received).toHaveLength(2);
  expect(await recognitionOf(c.id, paystub.id)).toMatchObject({ kind: "utility_bill", verdict: "warn" });
}, 60_000);
