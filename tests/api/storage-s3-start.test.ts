// Starting against an S3 bucket that is not there, or a service not answering (issue 39, item 12),
// and a bucket that goes away under a running portal (item 7): the portal waits a while for a
// service that is still starting, then stops with one line naming S3_ENDPOINT; a missing bucket
// stops it at once naming S3_BUCKET; never Bun's "an unexpected error has occurred". A bucket gone
// later makes an upload a plain 503 at once (not a hang), and /readyz and doctor say why.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { readdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { dialect } from "../../db/dialect.ts";
import { runDoctor } from "../../src/features/operations/doctor.ts";
import { realPdf, realPdfOfSize } from "../files/samples.ts";
import { runCli, serveProcess } from "../support/cli.ts";
import { createCustomer, uploadFile } from "../support/fixtures.ts";
import { startS3Server, type S3TestServer } from "../support/s3.ts";
import { freePort } from "../support/smtp.ts";
import { startTestServer, tempDir, testDatabaseEnv } from "../support/server.ts";
import { row, statement } from "../support/sql.ts";

let s3: S3TestServer;
const dirs: string[] = [];
const newDataDir = () => {
  const dir = tempDir("portal-s3-start-");
  dirs.push(dir);
  return dir;
};
beforeAll(async () => {
  s3 = await startS3Server();
});
afterAll(async () => {
  await s3?.stop();
  for (const dir of dirs) rmSync(dir, { recursive: true, force: true });
});

const serve = async (env: Record<string, string>) =>
  runCli(["serve", "--port", String(await freePort()), "--data", newDataDir()], { ...(await testDatabaseEnv()), ...env, HOST: "127.0.0.1" });

describe("portal serve with a bucket it cannot use", () => {
  test("a bucket that does not exist: said at once, naming S3_BUCKET, the bucket and the endpoint", async () => {
    const started = Date.now();
    const res = await serve({ ...s3.env("no-such-bucket"), S3_WAIT_SECONDS: "60" });
    expect(res.exitCode).toBe(1);
    expect(Date.now() - started).toBeLessThan(30_000); // not the minute's wait
    expect(res.stderr.trim()).toBe(`S3_BUCKET: the bucket "no-such-bucket" does not exist at ${s3.endpoint}. Create it, or set S3_BUCKET to a bucket that exists.`);
  }, 120_000);

  test("nothing listening at S3_ENDPOINT: it waits S3_WAIT_SECONDS, then says so naming the setting", async () => {
    const endpoint = `http://127.0.0.1:${await freePort()}`;
    const started = Date.now();
    const res = await serve({ ...s3.env("portal-files"), S3_ENDPOINT: endpoint, S3_WAIT_SECONDS: "3" });
    expect(res.exitCode).toBe(1);
    expect(Date.now() - started).toBeGreaterThanOrEqual(2_500); // it did wait
    expect(res.stderr.trim()).toBe(
      `S3_ENDPOINT: the storage service at ${endpoint} could not be reached for 3 s (ConnectionRefused). Check that it is running and S3_ENDPOINT names it (S3_WAIT_SECONDS sets how long to wait).`,
    );
    expect(res.stderr).not.toContain("an unexpected error has occurred");
  }, 120_000);

  test("a storage service that comes up while the portal waits: it starts", async () => {
    const late = await startS3Server();
    try {
      const bucket = await late.createBucket();
      await late.kill();
      const starting = serveProcess(newDataDir(), { ...(await testDatabaseEnv()), ...late.env(bucket), S3_WAIT_SECONDS: "120" });
      await Bun.sleep(3_000); // the portal is asking by now
      await late.restart();
      const portal = await starting;
      try {
        expect((await fetch(`${portal.url}/readyz`)).status).toBe(200);
      } finally {
        await portal.stop();
      }
    } finally {
      await late.stop();
    }
  }, 180_000);
});

describe("a bucket removed under a running portal", () => {
  test("an upload is a 503 at once with a plain message and changes nothing; /readyz and doctor name the bucket", async () => {
    const bucket = await s3.createBucket();
    const srv = await startTestServer(s3.env(bucket), { storage: "s3" });
    try {
      const broker = await srv.signUpBroker();
      const customer = await createCustomer(srv, broker.token);
      const doc = customer.documents[0]!;
      rmSync(join(s3.directory, bucket), { recursive: true, force: true }); // s3rver keeps a bucket as a folder

      const res = await uploadFile(srv, customer.uploadLink, doc.id, { bytes: realPdf() });
      expect(res.status).toBe(503);
      expect(res.body).toEqual({ message: "Files cannot be stored right now, so nothing was saved. Please try again shortly.", code: "errors.storageDown" });
      expect(res.headers.get("retry-after")).toBe("30");
      expect(await row(srv.server.ctx.db, statement("select status, storage_key from documents where id = ?", doc.id))).toEqual({ status: "requested", storage_key: null });
      expect(readdirSync(srv.server.ctx.files.tempDir)).toEqual([]);
      // Larger than one 5 MiB part: a multipart upload, refused the same way.
      const large = await uploadFile(srv, customer.uploadLink, doc.id, { bytes: realPdfOfSize(6 * 1024 * 1024) });
      expect(large.status).toBe(503);
      expect(readdirSync(srv.server.ctx.files.tempDir)).toEqual([]);

      const ready = await srv.call("/readyz");
      expect(ready.status).toBe(503);
      expect(ready.body.message).toBe("The file store cannot be written (NoSuchBucket)");

      // portal doctor reads the SQLite file in DATA_DIR only; on PostgreSQL it has no file checks yet.
      if (dialect === "sqlite") {
        const findings = await runDoctor({ DATA_DIR: srv.dataDir, ...s3.env(bucket) }, {});
        expect(findings.find((f) => f.check === "Stored files")?.detail).toBe(
          `S3_BUCKET: the bucket "${bucket}" does not exist at ${s3.endpoint}. Create it, or set S3_BUCKET to a bucket that exists.`,
        );
      }
    } finally {
      await srv.stop();
    }
  }, 120_000);
});
