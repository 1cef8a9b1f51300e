// The compiled executable in the several-machines setup: two `./portal serve` on one PostgreSQL
// database and one S3 bucket (the migrations come from inside the executable), a broker signed in
// through one and listening on the other hears a customer's upload, and reads the same bytes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { sampleFiles, uploadFile } from "../support/fixtures.ts";
import { connectLive } from "../support/live.ts";
import { createTestDatabase, POSTGRES_MISSING, postgresInstalled } from "../support/postgres.ts";
import { startS3Server, type S3TestServer } from "../support/s3.ts";
import { cookieHeader, remoteServer } from "../support/server.ts";
import { startPortal, type Portal } from "./support.ts";

if (!postgresInstalled) console.log(`scale-out.test.ts skipped: ${POSTGRES_MISSING}`);


describe.skipIf(!postgresInstalled)("the executable on PostgreSQL and S3, two instances", () => {
  let s3: S3TestServer;
  let a: Portal;
  let b: Portal;

  beforeAll(async () => {
    s3 = await startS3Server();
    const shared = {
      DATABASE_URL: await createTestDatabase(),
      ...s3.env(await s3.createBucket()),
      SESSION_SECRET: "one secret for every instance, 32+ characters long",
    };
    a = await startPortal(shared);
    b = await startPortal(shared);
  }, 60_000);

  afterAll(async () => {
    await Promise.all([a?.stop(), b?.stop()]);
    await s3?.stop();
  });

  test("ready on both; an upload through one is heard and served by the other", async () => {
    for (const portal of [a, b]) expect((await fetch(`${portal.url}/readyz`)).status).toBe(200);
    const viaA = remoteServer(a.url);
    const viaB = remoteServer(b.url);
    const signUp = await viaA.call("/api/auth/signup", { method: "POST", body: { email: "bree@example.com", password: "broker password 1" } });
    expect(signUp.status).toBe(201);
    const cookie = cookieHeader(signUp as never);
    const socket = await connectLive(viaB, { cookie });
    const created = await viaB.call("/api/customers", { method: "POST", headers: { cookie }, body: { email: "sam@example.com", requiredDocuments: [{ name: "Paystub" }] } });
    expect(created.status).toBe(201);
    const { uploadLink, documents } = created.body as { uploadLink: string; documents: { id: string }[] };
    expect((await uploadFile(viaA, uploadLink, documents[0]!.id, { bytes: sampleFiles.pdf() })).status).toBe(200);
    expect(await socket.next((m) => m.type === "data_update" && m.updateType === "document_uploaded", 10_000)).toBeTruthy();
    const download = await fetch(`${b.url}/api/documents/${documents[0]!.id}/download`, { headers: { cookie } });
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(sampleFiles.pdf());
    socket.close();
  });
});
