// The compiled executable in the several-machines setup: two `./portal serve` on one PostgreSQL
// database and one S3 bucket (the migrations come from inside the executable), a broker signed in
// through one and listening on the other hears a customer's upload, and reads the same bytes.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createTestDatabase, POSTGRES_MISSING, postgresInstalled } from "../support/postgres.ts";
import { startS3Server, type S3TestServer } from "../support/s3.ts";
import { uploadThroughOneHeardOnTheOther } from "../support/two-instances.ts";
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
    await uploadThroughOneHeardOnTheOther(a.url, b.url);
  });
});
