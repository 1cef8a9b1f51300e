// The portal configured for S3-compatible storage (S3_BUCKET on a real s3rver), end to end over
// HTTP: a customer's upload lands in the bucket, the broker downloads the same bytes, deleting
// the document deletes the object; a shared file likewise; the start-up sweep and doctor look
// in the bucket. Nothing of it is kept under DATA_DIR/files.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, rmSync, utimesSync } from "node:fs";
import { join } from "node:path";
import { S3Client } from "bun";
import { dialect } from "../../db/dialect.ts";
import { loadConfig } from "../../src/config.ts";
import { ManualClock } from "../../src/lib/clock.ts";
import { createLogger } from "../../src/lib/log.ts";
import { newStorageKey } from "../../src/lib/storage.ts";
import { startServer } from "../../src/server.ts";
import { runDoctor } from "../../src/features/operations/doctor.ts";
import { realPdf, realPdfOfSize } from "../files/samples.ts";
import { createCustomer, customerCookie, uploadFile } from "../support/fixtures.ts";
import { startS3Server, type S3TestServer } from "../support/s3.ts";
import { startTestServer, tempDir, testDatabaseEnv, type Broker, type TestServer } from "../support/server.ts";
import { row, statement } from "../support/sql.ts";

let s3: S3TestServer;
let srv: TestServer;
let broker: Broker;
let bucket: S3Client;
let bucketName: string;

beforeAll(async () => {
  s3 = await startS3Server();
  bucketName = await s3.createBucket();
  srv = await startTestServer(s3.env(bucketName), { storage: "s3" });
  broker = await srv.signUpBroker({ firstName: "Stella", lastName: "Bucket" });
  const env = s3.env(bucketName);
  bucket = new S3Client({ bucket: bucketName, endpoint: env.S3_ENDPOINT, region: env.S3_REGION, accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY });
});
afterAll(async () => {
  await srv?.stop();
  await s3?.stop();
});

const sha256 = (bytes: Uint8Array | ArrayBuffer) => createHash("sha256").update(new Uint8Array(bytes)).digest("hex");
const storageKeyOf = async (documentId: string) =>
  ((await row<any>(srv.server.ctx.db, statement("select storage_key as key from documents where id = ?", documentId))) as { key: string | null }).key;
const objectsInBucket = async () => ((await bucket.list({ maxKeys: 1000 })).contents ?? []).map((o) => o.key).sort();
const download = (documentId: string, headers: Record<string, string>, how: "download" | "view" = "download") =>
  fetch(`${srv.url}/api/documents/${documentId}/${how}`, { headers });
const localFiles = () => (existsSync(join(srv.dataDir, "files")) ? readdirSync(join(srv.dataDir, "files")) : []);

describe("uploads", () => {
  test("a customer's upload lands in the bucket, the broker downloads the same bytes, deleting the document deletes the object", async () => {
    const customer = await createCustomer(srv, broker.token, { email: "s3-upload@example.com" });
    const doc = customer.documents[0]!;
    const bytes = realPdf(2, { comment: "in the bucket" });
    expect((await uploadFile(srv, customer.uploadLink, doc.id, { bytes })).status).toBe(200);

    const key = (await storageKeyOf(doc.id))!;
    expect(await objectsInBucket()).toContain(key);
    expect(sha256(await bucket.file(key).arrayBuffer())).toBe(sha256(bytes));
    expect(localFiles()).toEqual([]); // nothing stored on local disk
    expect(readdirSync(srv.server.ctx.files.tempDir)).toEqual([]); // and no upload left behind

    const res = await download(doc.id, { authorization: `Bearer ${broker.token}` });
    expect(res.status).toBe(200);
    expect(res.headers.get("content-disposition")).toStartWith("attachment;");
    expect(res.headers.get("content-security-policy")).toContain("sandbox");
    expect(res.headers.get("location")).toBeNull(); // streamed through the portal, not sent to the bucket
    expect(sha256(await res.arrayBuffer())).toBe(sha256(bytes));
    const view = await download(doc.id, { authorization: `Bearer ${broker.token}` }, "view");
    expect(view.status).toBe(200);
    expect(view.headers.get("content-type")).toBe("application/pdf");
    expect(sha256(await view.arrayBuffer())).toBe(sha256(bytes));

    const removed = await srv.call(`/api/documents/${doc.id}`, { method: "DELETE", token: broker.token });
    expect(removed.status).toBe(200);
    expect(await bucket.exists(key)).toBe(false);
  });

  test("a 9 MB upload (more than one 5 MiB part) comes back whole", async () => {
    const customer = await createCustomer(srv, broker.token, { email: "s3-large@example.com" });
    const doc = customer.documents[0]!;
    const bytes = realPdfOfSize(9 * 1024 * 1024);
    expect((await uploadFile(srv, customer.uploadLink, doc.id, { bytes })).status).toBe(200);
    expect((await bucket.stat((await storageKeyOf(doc.id))!)).size).toBe(bytes.length);
    const res = await download(doc.id, { authorization: `Bearer ${broker.token}` });
    expect(sha256(await res.arrayBuffer())).toBe(sha256(bytes));
  });

  test("another broker, or nobody, reads nothing from the bucket", async () => {
    const customer = await createCustomer(srv, broker.token, { email: "s3-private@example.com" });
    const doc = customer.documents[0]!;
    expect((await uploadFile(srv, customer.uploadLink, doc.id, { bytes: realPdf() })).status).toBe(200);
    const other = await srv.signUpBroker();
    expect((await download(doc.id, { authorization: `Bearer ${other.token}` })).status).toBe(404);
    expect((await download(doc.id, {})).status).toBe(401);
  });

  test("deleting a customer deletes their files from the bucket", async () => {
    const customer = await createCustomer(srv, broker.token, { email: "s3-gone@example.com" });
    expect((await uploadFile(srv, customer.uploadLink, customer.documents[0]!.id, { bytes: realPdf() })).status).toBe(200);
    const key = (await storageKeyOf(customer.documents[0]!.id))!;
    expect(await bucket.exists(key)).toBe(true);
    expect((await srv.call(`/api/customers/${customer.id}`, { method: "DELETE", token: broker.token })).status).toBe(200);
    expect(await bucket.exists(key)).toBe(false);
  });

  test("readyz proves the bucket takes a write, and leaves nothing in it", async () => {
    const before = await objectsInBucket();
    expect((await srv.call("/readyz")).body).toEqual({ status: "ready", checks: { database: "ok", storage: "ok" } });
    expect(await objectsInBucket()).toEqual(before);
  });
});

describe("sharing", () => {
  test("a shared file is stored once in the bucket, each customer reads the same bytes, and it goes with the last document", async () => {
    const a = await createCustomer(srv, broker.token, { email: "s3-share-a@example.com", name: "Ada Bucket" });
    const b = await createCustomer(srv, broker.token, { email: "s3-share-b@example.com", name: "Ben Bucket" });
    const bytes = realPdf(1, { comment: "shared through the bucket" });
    const before = await objectsInBucket();
    const form = new FormData();
    form.append("documents", new Blob([bytes], { type: "application/pdf" }), "Closing Disclosure.pdf");
    form.append("customerIds", JSON.stringify([a.id, b.id]));
    const res = await srv.call("/api/documents/share", { method: "POST", body: form, token: broker.token });
    expect(res.status).toBe(201);
    const added = (await objectsInBucket()).filter((key) => !before.includes(key));
    expect(added).toHaveLength(1);
    const [key] = added;
    const docs = res.body.documents as { id: string; customerId: string }[];
    expect(await Promise.all(docs.map((d) => storageKeyOf(d.id)))).toEqual([key!, key!]);

    for (const customer of [a, b]) {
      const cookie = await customerCookie(srv, customer.uploadLink, customer.email);
      const doc = docs.find((d) => d.customerId === customer.id)!;
      const got = await download(doc.id, { cookie });
      expect(got.status).toBe(200);
      expect(sha256(await got.arrayBuffer())).toBe(sha256(bytes));
    }

    expect((await srv.call(`/api/documents/${docs[0]!.id}`, { method: "DELETE", token: broker.token })).status).toBe(200);
    expect(await bucket.exists(key!)).toBe(true); // the other customer's document still refers to it
    expect((await srv.call(`/api/documents/${docs[1]!.id}`, { method: "DELETE", token: broker.token })).status).toBe(200);
    expect(await bucket.exists(key!)).toBe(false);
  });
});

describe("the start-up sweep and doctor on a bucket", () => {
  test("objects no document refers to are removed at start once an hour old; fresh ones may be another instance's upload in flight", async () => {
    const name = await s3.createBucket();
    const dataDir = tempDir();
    const settings = s3.env(name);
    const env = { PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, ...settings, ...(await testDatabaseEnv()) };
    const start = () => startServer(loadConfig(env), { clock: new ManualClock(), log: createLogger("silent"), runScheduler: false });
    const first = await start();
    const client = new S3Client({ bucket: name, endpoint: s3.endpoint, region: "us-east-1", accessKeyId: settings.S3_ACCESS_KEY_ID, secretAccessKey: settings.S3_SECRET_ACCESS_KEY });
    const [old, fresh] = [newStorageKey(), newStorageKey()];
    try {
      await client.write(old, "%PDF-1.4 left by a crash");
      await client.write(fresh, "%PDF-1.4 another instance's upload, its document not committed yet");
      // s3rver dates an object by its file: make the first two hours old.
      const twoHoursAgo = new Date(Date.now() - 2 * 60 * 60_000);
      utimesSync(join(s3.directory, name, `${old}._S3rver_object`), twoHoursAgo, twoHoursAgo);

      // portal doctor reads the SQLite file in DATA_DIR only; on PostgreSQL it has no checks yet.
      if (dialect === "sqlite") {
        const findings = await runDoctor(env, {});
        expect(findings.find((f) => f.check === "Orphaned files")?.detail).toContain("2 files");
        expect(findings.find((f) => f.check === "Stored files")?.verdict).toBe("ok");
      }
    } finally {
      await first.stop();
    }
    const second = await start();
    try {
      expect(await client.exists(old)).toBe(false);
      expect(await client.exists(fresh)).toBe(true);
    } finally {
      await second.stop();
      rmSync(dataDir, { recursive: true, force: true });
    }
  });

  test("a bucket that cannot be reached stops the portal at start with a message naming it", async () => {
    const dataDir = tempDir();
    try {
      const env = { PORT: "0", HOST: "127.0.0.1", DATA_DIR: dataDir, ...s3.env("no-such-bucket"), ...(await testDatabaseEnv()) };
      await expect(startServer(loadConfig(env), { clock: new ManualClock(), log: createLogger("silent"), runScheduler: false })).rejects.toThrow(
        `S3_BUCKET: the bucket "no-such-bucket" does not exist at ${s3.endpoint}.`,
      );
    } finally {
      rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

describe("while the storage service is down", () => {
  test("an upload is a 503 to try again shortly and changes nothing; once it is back, the same upload goes through", async () => {
    const customer = await createCustomer(srv, broker.token, { email: "s3-down@example.com" });
    const doc = customer.documents[0]!;
    const bytes = realPdf(1, { comment: "while the bucket was away" });
    await s3.kill();
    try {
      const res = await uploadFile(srv, customer.uploadLink, doc.id, { bytes });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe("Files cannot be stored right now, so nothing was saved. Please try again shortly.");
      expect(res.headers.get("retry-after")).toBe("30");
      expect(await storageKeyOf(doc.id)).toBeNull();
      expect(readdirSync(srv.server.ctx.files.tempDir)).toEqual([]);
      expect((await srv.call("/readyz")).status).toBe(503);
    } finally {
      await s3.restart();
    }
    expect((await uploadFile(srv, customer.uploadLink, doc.id, { bytes })).status).toBe(200);
    expect(sha256(await bucket.file((await storageKeyOf(doc.id))!).arrayBuffer())).toBe(sha256(bytes));
  });
});

describe("downloads on either store", () => {
  test("local disk keeps Content-Length and byte ranges; the bucket streams the whole file", async () => {
    const local = await startTestServer({}, { storage: "local" });
    try {
      for (const [server, owner] of [[local, await local.signUpBroker()], [srv, broker]] as const) {
        const customer = await createCustomer(server, owner.token, { email: `ranges-${server === srv ? "s3" : "local"}@example.com` });
        const doc = customer.documents[0]!;
        const bytes = realPdf(1, { comment: "ranges" });
        expect((await uploadFile(server, customer.uploadLink, doc.id, { bytes })).status).toBe(200);
        const url = `${server.url}/api/documents/${doc.id}/download`;
        const whole = await fetch(url, { headers: { authorization: `Bearer ${owner.token}` } });
        expect(sha256(await whole.arrayBuffer())).toBe(sha256(bytes));
        const part = await fetch(url, { headers: { authorization: `Bearer ${owner.token}`, range: "bytes=0-7" } });
        if (server === local) {
          expect(whole.headers.get("content-length")).toBe(String(bytes.length));
          expect(part.status).toBe(206);
          expect(new TextDecoder().decode(await part.arrayBuffer())).toBe("%PDF-1.4");
        } else {
          expect(part.status).toBe(200); // a Range is ignored: the whole file, which browsers accept
          expect(sha256(await part.arrayBuffer())).toBe(sha256(bytes));
        }
      }
    } finally {
      await local.stop();
    }
  });
});
