// `portal migrate-to`: a real single-machine portal (SQLite, files on disk), filled through the
// API, copied by the real CLI into a fresh real PostgreSQL and a target directory. The copy is
// then read back here independently of the command's own checksums (every row of every table
// through both schemas, every file's SHA-256), a second run into the filled database is refused,
// and broken files on either side are reported before any row is written.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { S3Client } from "bun";
import { createHash, randomBytes } from "node:crypto";
import { appendFileSync, cpSync, existsSync, readFileSync, rmSync } from "node:fs";
import { join } from "node:path";
import { eq, is } from "drizzle-orm";
import { SQLiteTable, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { closeDatabase, openDatabase, type Db } from "../../db/client.ts";
import { closePostgres, openPostgres, type PgDb } from "../../db/postgres.ts";
import * as liteSchema from "../../db/schema.ts";
import * as pgSchema from "../../db/schema.pg.ts";
import { localFileStore } from "../../src/lib/storage.ts";
import { copyTables, formatChecks, nonEmptyTables, pairTables, verifyTables, type TablePair } from "../../src/features/operations/migrate-to-database.ts";
import { migrateTo } from "../../src/features/operations/migrate-to.ts";
import { runCli } from "../support/cli.ts";
import { createCustomer, customerCookie, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { createEmptyDatabase, createTestDatabase, dropTestDatabase, POSTGRES_MISSING, postgresInstalled } from "../support/postgres.ts";
import { startTestServer, tempDir } from "../support/server.ts";
import { realPdf } from "../files/samples.ts";
import { field, requestSignature } from "../support/signatures.ts";

if (!postgresInstalled) console.log(`SKIPPED migrate-to: ${POSTGRES_MISSING}`);

// migrate-to reads a single-machine installation (SQLite, files on disk), which the test portals
// are only in the suite's default mode: with DATABASE_URL (the suite on PostgreSQL) or
// TEST_STORAGE=s3 they keep their rows or files elsewhere, and the default run covers this file.
const singleMachine = !/^postgres(ql)?:/.test(process.env.DATABASE_URL ?? "") && process.env.TEST_STORAGE !== "s3";
if (!singleMachine) console.log("SKIPPED migrate-to: the test portals are not single-machine installations in this mode (DATABASE_URL or TEST_STORAGE=s3)");

// The S3 test server (tests/support/s3.ts, npm s3rver) comes with the S3 file store's branch;
// where it is missing, the copy into a bucket is skipped and says so.
interface S3Harness {
  startS3Server(): Promise<{ endpoint: string; createBucket(): Promise<string>; env(bucket: string): Record<string, string>; stop(): Promise<void> }>;
}
const s3HarnessPath = join(import.meta.dir, "..", "support", "s3.ts");
const s3Harness = existsSync(s3HarnessPath) ? ((await import(s3HarnessPath)) as S3Harness) : null;
if (!s3Harness) console.log("SKIPPED migrate-to into S3: tests/support/s3.ts (the S3 test server) is not on this branch");

const dirs: string[] = [];
const scratch = (prefix = "portal-migrate-to-") => {
  const dir = tempDir(prefix);
  dirs.push(dir);
  return dir;
};
const databases: string[] = [];
const emptyDatabase = async () => {
  const url = await createEmptyDatabase();
  databases.push(url);
  return url;
};
const opened: PgDb[] = [];
const openPg = (url: string) => {
  const db = openPostgres(url, { maxConnections: 2 });
  opened.push(db);
  return db;
};

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");
const uniquePdf = () => realPdf(1, { padding: new Uint8Array(randomBytes(2048)) });
const pairs = pairTables();

/** The data directory of a stopped portal with something in every feature the API fills. */
let sourceDir: string;

async function fillPortal(): Promise<string> {
  const srv = await startTestServer();
  const ok = (res: { status: number; body: unknown }, status = 200) => {
    if (res.status !== status) throw new Error(`expected ${status}, got ${res.status}: ${JSON.stringify(res.body)}`);
    return res;
  };
  const first = await srv.signUpBroker();
  const second = await srv.signUpBroker();

  // A logo (bytes in the database), a profile, reminder settings and a template (JSON columns).
  const logo = new FormData();
  logo.append("logo", new Blob([sampleFiles.png()], { type: "image/png" }), "logo.png");
  ok(await srv.call("/api/profile/logo", { method: "POST", body: logo, token: first.token }));
  ok(await srv.call("/api/profile", { method: "PUT", token: first.token, body: { company: "Brick & Mortar Loans", phone: "+1 555 0100" } }));
  ok(await srv.call("/api/reminder-settings", { method: "PUT", token: first.token, body: { blackoutDays: ["2026-12-25"], expiryLeadDays: 21 } }));
  ok(
    await srv.call("/api/templates", {
      method: "POST",
      token: first.token,
      body: { name: "Refinance", trade: "Mortgage", documents: [{ name: "Payslip", description: "Latest two" }, { name: "ID" }] },
    }),
    201,
  );

  // Customers of both brokers, uploads (notifications, check reports), an approval, a re-upload
  // after a rejection (a document version), a customer account (codes, sessions).
  for (const broker of [first, second]) {
    const customer = await createCustomer(srv, broker.token, { name: `Customer of ${broker.user.email}` });
    for (const doc of customer.documents) ok(await uploadFile(srv, customer.uploadLink, doc.id, { bytes: uniquePdf(), name: `${doc.name}.pdf` }));
    const [payslip, statement] = customer.documents;
    ok(await srv.call(`/api/documents/${payslip!.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } }));
    ok(await srv.call(`/api/documents/${statement!.id}/verify`, { method: "POST", token: broker.token, body: { status: "rejected", rejectionReason: "Page 2 is missing" } }));
    ok(await uploadFile(srv, customer.uploadLink, statement!.id, { bytes: uniquePdf(), name: "statement-again.pdf" }));
  }
  const withAccount = await createCustomer(srv, first.token, { email: "has-account@example.com", name: "Casey Account" });
  await customerCookie(srv, withAccount.uploadLink, "has-account@example.com");

  // A shared file (a document with status shared and its own stored file).
  const share = new FormData();
  share.append("documents", new Blob([uniquePdf()], { type: "application/pdf" }), "Closing Disclosure.pdf");
  share.append("customerIds", JSON.stringify([withAccount.id]));
  ok(await srv.call("/api/documents/share", { method: "POST", body: share, token: first.token }), 201);

  // A signature request (its original PDF a stored file under original_storage_key) and a
  // signature template (its PDF under storage_key).
  ok(await requestSignature(srv, first.token, withAccount.id, { pdf: uniquePdf(), request: { name: "Engagement letter", signers: [{ email: "has-account@example.com", name: "Casey Account" }], fields: [field({ type: "signature" })] } }), 201);
  const template = new FormData();
  template.append("name", "Disclosure");
  template.append("fields", JSON.stringify([field({ type: "signature" })]));
  template.append("file", new Blob([uniquePdf()], { type: "application/pdf" }), "disclosure.pdf");
  ok(await srv.call("/api/signature-templates", { method: "POST", body: template, token: first.token }), 201);

  // Stopped (as an operator stops it before migrating), its directory kept.
  await srv.server.stop();
  dirs.push(srv.dataDir);
  return srv.dataDir;
}

/** Every row of a table through its schema, in byte order of the primary key. */
async function allRows(pair: TablePair, db: { lite: Db } | { pg: PgDb }): Promise<Record<string, unknown>[]> {
  const rows = ("lite" in db ? await db.lite.select().from(pair.lite) : await db.pg.select().from(pair.pg)) as Record<string, unknown>[];
  const key = (row: Record<string, unknown>) => pair.primaryKey.map((k) => String(row[k])).join("\u0000");
  return rows.toSorted((a, b) => Buffer.compare(Buffer.from(key(a)), Buffer.from(key(b))));
}

const count = (db: Db, table: string) => (db.$client.query(`select count(*) as n from ${table}`).get() as { n: number }).n;

beforeAll(async () => {
  if (postgresInstalled && singleMachine) sourceDir = await fillPortal();
}, 60_000);

afterAll(async () => {
  await Promise.all(opened.map(closePostgres));
  for (const url of databases) await dropTestDatabase(url).catch(() => {});
  dirs.forEach((d) => rmSync(d, { recursive: true, force: true }));
});

describe.skipIf(!postgresInstalled || !singleMachine)("portal migrate-to", () => {
  test("copies every table and stored file, reports OK, and the copy reads back equal; a second run refuses", async () => {
    const url = await emptyDatabase();
    const target = scratch();
    const res = await runCli(["migrate-to", "--database-url", url, "--files-to", target, "--data", sourceDir]);
    expect(res.stderr).toBe("");
    expect(res.exitCode).toBe(0);
    // Progress while it ran, then one OK line per table.
    expect(res.stdout).toContain("Copying");
    expect(res.stdout).toMatch(/Files \d+\/\d+/);
    for (const pair of pairs) expect(res.stdout).toMatch(new RegExp(`^${pair.name} .* OK$`, "m"));
    expect(res.stdout).not.toContain("MISMATCH");
    expect(res.stdout).toContain(`All ${pairs.length} tables match`);

    // Read back here, not through the command: every row of every table equal on both sides.
    const lite = openDatabase(sourceDir);
    const pg = openPg(url);
    try {
      for (const table of ["users", "customers", "documents", "document_versions", "notifications", "emails", "jobs", "workspace_logos", "customer_accounts", "checklist_templates", "reminder_settings", "signature_requests", "signature_templates"]) {
        expect({ table, rows: count(lite, table) > 0 }).toEqual({ table, rows: true });
      }
      for (const pair of pairs) {
        const [source, copy] = [await allRows(pair, { lite }), await allRows(pair, { pg })];
        expect({ table: pair.name, rows: copy }).toEqual({ table: pair.name, rows: source });
      }
      // JSON went in as JSON (not as a string holding JSON), bytes as bytes.
      const [reports] = await pg.$client<{ objects: number; total: number }[]>`
        select count(*) filter (where jsonb_typeof(check_report) = 'object')::int as objects, count(check_report)::int as total from documents`;
      expect(reports!.total).toBeGreaterThan(0);
      expect(reports!.objects).toBe(reports!.total);
      const [logo] = await pg.$client<{ data: Uint8Array }[]>`select data from workspace_logos`;
      expect(sha256(logo!.data)).toBe(sha256(sampleFiles.png()));

      // Every stored file the database refers to is in the target, byte for byte.
      const keys = [
        ...(lite.$client.query("select storage_key as key from documents where storage_key is not null").all() as { key: string }[]),
        ...(lite.$client.query("select storage_key as key from document_versions").all() as { key: string }[]),
        ...(lite.$client.query("select original_storage_key as key from signature_requests").all() as { key: string }[]),
        ...(lite.$client.query("select storage_key as key from signature_templates").all() as { key: string }[]),
      ].map((r) => r.key);
      // Two uploads per broker, a re-upload's earlier file each, one shared file, a request's original, a template's PDF.
      expect(keys.length).toBe(9);
      expect(res.stdout).toContain(`Files: ${keys.length} of ${keys.length} in ${join(target, "files")}`);
      for (const key of keys) expect(sha256(readFileSync(join(target, "files", key)))).toBe(sha256(readFileSync(join(sourceDir, "files", key))));
      // The new data directory signs and unseals with the same secret.
      expect(readFileSync(join(target, "session-secret"), "utf8")).toBe(readFileSync(join(sourceDir, "session-secret"), "utf8"));
      expect(res.stdout).toContain(`DATA_DIR=${target} (its session-secret is this installation's`);

      // Again into the same, now filled, database: refused, nothing changed.
      const documentsBefore = await pg.$count(pgSchema.documents);
      const again = await runCli(["migrate-to", "--database-url", url, "--files-to", target, "--data", sourceDir]);
      expect(again.exitCode).toBe(1);
      expect(again.stderr).toContain("The target database already holds data");
      expect(again.stderr).toContain("drop and re-create it");
      expect(await pg.$count(pgSchema.documents)).toBe(documentsBefore);

      // The verification can fail: a row changed in the copy is a MISMATCH for its table only.
      const [note] = await pg.select().from(pgSchema.notifications).limit(1);
      await pg.update(pgSchema.notifications).set({ title: `${note!.title}!` }).where(eq(pgSchema.notifications.id, note!.id));
      const checks = await verifyTables(lite, pg, pairs);
      expect(checks.filter((c) => !c.ok).map((c) => c.name)).toEqual(["notifications"]);
      expect(formatChecks(checks).find((line) => line.startsWith("notifications "))).toMatch(/MISMATCH$/);
    } finally {
      closeDatabase(lite);
    }
  }, 60_000);

  test.skipIf(!s3Harness)("into an S3 bucket: every file read back from the bucket equal, and a rerun finds them there", async () => {
    const s3 = await s3Harness!.startS3Server();
    try {
      const bucket = await s3.createBucket();
      const { S3_BUCKET: _, S3_ENDPOINT: endpoint, ...keys } = s3.env(bucket);
      const args = (url: string) => ["migrate-to", "--database-url", url, "--s3-bucket", bucket, "--s3-endpoint", endpoint!, "--data", sourceDir];
      const res = await runCli(args(await emptyDatabase()), keys);
      expect(res.stderr).toBe("");
      expect(res.exitCode).toBe(0);
      expect(res.stdout).toContain(`Files: 9 of 9 in the S3 bucket "${bucket}" at ${endpoint}, size and SHA-256 read back OK (9 copied, 0 already there).`);
      expect(res.stdout).toContain(`All ${pairs.length} tables match`);

      const client = new S3Client({ bucket, endpoint, region: keys.S3_REGION, accessKeyId: keys.S3_ACCESS_KEY_ID, secretAccessKey: keys.S3_SECRET_ACCESS_KEY });
      const lite = openDatabase(sourceDir);
      const stored = lite.$client.query("select storage_key as key from documents where storage_key is not null union select storage_key from document_versions union select original_storage_key from signature_requests union select storage_key from signature_templates").all() as { key: string }[];
      closeDatabase(lite);
      expect(stored).toHaveLength(9);
      for (const { key } of stored) expect(sha256(new Uint8Array(await client.file(key).arrayBuffer()))).toBe(sha256(readFileSync(join(sourceDir, "files", key))));

      // Into another empty database, the same bucket: nothing to copy again.
      const again = await runCli(args(await emptyDatabase()), keys);
      expect(again.exitCode).toBe(0);
      expect(again.stdout).toContain("(0 copied, 9 already there)");
    } finally {
      await s3.stop();
    }
  }, 60_000);

  test("in batches of two rows (each read starting after the last key of the one before) the copy is the same", async () => {
    const url = await createTestDatabase();
    databases.push(url);
    const pg = openPg(url);
    const lite = openDatabase(sourceDir);
    try {
      const small = pairTables().map((pair) => ({ ...pair, batchRows: 2 }));
      const lines: string[] = [];
      await copyTables(lite, pg, small, (line) => lines.push(line));
      expect(lines).toContain(`Copied table ${small.findIndex((p) => p.name === "documents") + 1}/${small.length} documents: ${count(lite, "documents")} rows`);
      const checks = await verifyTables(lite, pg, small);
      expect(checks.filter((c) => !c.ok)).toEqual([]);
      // Read in batches of two and of the default size, the checksums are the same.
      expect(checks.map((c) => c.targetChecksum)).toEqual((await verifyTables(lite, pg, pairs)).map((c) => c.targetChecksum));
      for (const pair of pairs) expect({ table: pair.name, rows: await allRows(pair, { pg }) }).toEqual({ table: pair.name, rows: await allRows(pair, { lite }) });
    } finally {
      closeDatabase(lite);
    }
  }, 60_000);

  test("a source file missing or changed on disk is listed and nothing is copied, unless --ignore-file-problems", async () => {
    const source = scratch();
    cpSync(sourceDir, source, { recursive: true });
    const lite = openDatabase(source);
    const [gone, changed] = (lite.$client.query("select storage_key as key from documents where storage_key is not null order by id limit 2").all() as { key: string }[]).map((r) => r.key);
    closeDatabase(lite);
    rmSync(join(source, "files", gone!));
    appendFileSync(join(source, "files", changed!), "tampered");

    const url = await emptyDatabase();
    const refused = await runCli(["migrate-to", "--database-url", url, "--files-to", scratch(), "--data", source]);
    expect(refused.exitCode).toBe(1);
    expect(refused.stderr).toContain("cannot be copied as they are, so nothing was copied");
    expect(refused.stderr).toContain(`files/${gone} missing from the source`);
    expect(refused.stderr).toMatch(new RegExp(`files/${changed} is \\d+ bytes, the database recorded \\d+`));
    expect(await nonEmptyTables(openPg(url), pairs)).toEqual([]);

    const anyway = await runCli(["migrate-to", "--database-url", url, "--data", source, "--ignore-file-problems"]);
    expect(anyway.stderr).toBe("");
    expect(anyway.exitCode).toBe(0);
    expect(anyway.stdout).toContain(`files/${gone} missing from the source`);
    expect(anyway.stdout).toContain("2 stored files were missing or changed in the source");
    expect(anyway.stdout).toContain(`stay in ${join(source, "files")}`);
    expect(anyway.stdout).toContain(`All ${pairs.length} tables match`);
  }, 60_000);

  test("a file that reads back wrong from the target stops the run before any row; the rerun resumes and rewrites it", async () => {
    const source = scratch();
    cpSync(sourceDir, source, { recursive: true });
    const url = await emptyDatabase();
    const dir = scratch();
    const store = localFileStore(dir);
    let corrupted: string | null = null;
    // A store that damages the first file it is given (a flaky disk or bucket).
    const flaky = {
      read: store.read,
      async write(key: string, data: Blob) {
        if (corrupted) return store.write(key, data);
        corrupted = key;
        const bytes = new Uint8Array(await data.arrayBuffer());
        bytes[bytes.length - 1]! ^= 0xff;
        return store.write(key, bytes);
      },
    };
    const lines: string[] = [];
    const run = (target: typeof flaky) => migrateTo({ dataDir: source, databaseUrl: url, files: { kind: "store", target, description: "the test store" }, progress: (l) => lines.push(l) });

    const failed = await run(flaky).catch((error: Error) => error);
    expect(failed).toBeInstanceOf(Error);
    expect((failed as Error).message).toContain(`files/${corrupted} has another SHA-256 in the target than in the source`);
    expect((failed as Error).message).toContain("so no rows were copied");
    expect(await nonEmptyTables(openPg(url), pairs)).toEqual([]);
    expect(lines.some((l) => /^Files \d+\/\d+$/.test(l))).toBe(true);

    const result = await run({ read: store.read, write: store.write });
    expect(result.ok).toBe(true);
    const files = result.lines.find((l) => l.startsWith("Files:"))!;
    const total = Number(/Files: (\d+) of/.exec(files)![1]);
    expect(files).toContain(`(1 copied, ${total - 1} already there, 1 that differed written again)`);
    expect(sha256(readFileSync(join(dir, "files", corrupted!)))).toBe(sha256(readFileSync(join(source, "files", corrupted!))));
  }, 60_000);

  test("refuses a portal that is running, a URL that is not PostgreSQL, and a data directory without a database", async () => {
    const running = await startTestServer();
    try {
      const res = await runCli(["migrate-to", "--database-url", "postgres://nobody@127.0.0.1:1/none", "--data", running.dataDir]);
      expect(res.exitCode).toBe(1);
      expect(res.stderr).toContain("is already using the data directory");
    } finally {
      await running.stop();
    }
    expect((await runCli(["--help"])).stdout).toContain("migrate-to --database-url postgres://");
    const notPg = await runCli(["migrate-to", "--database-url", "mysql://x@y/z", "--data", sourceDir]);
    expect(notPg.exitCode).toBe(1);
    expect(notPg.stderr.trim()).toBe("--database-url must start with postgres:// (got mysql://…)");
    const none = await runCli(["migrate-to", "--data", sourceDir], { DATABASE_URL: "" });
    expect(none.exitCode).toBe(1);
    expect(none.stderr).toContain("migrate-to needs the target database");
    const unreachable = await runCli(["migrate-to", "--database-url", "postgres://portal:secret-password@127.0.0.1:1/portal", "--data", sourceDir]);
    expect(unreachable.exitCode).toBe(1);
    expect(unreachable.stderr).toStartWith("Cannot prepare the PostgreSQL database portal at 127.0.0.1:1: ");
    expect(unreachable.stderr).not.toContain("secret-password");
    const empty = scratch();
    const noDb = await runCli(["migrate-to", "--database-url", "postgres://x@127.0.0.1:1/y", "--data", empty]);
    expect(noDb.exitCode).toBe(1);
    expect(noDb.stderr.trim()).toBe(`No database found in ${empty}`);
    expect(existsSync(join(empty, "portal.lock"))).toBe(false);
  }, 30_000);
});

describe("migrate-to's table list", () => {
  test("comes from the schema modules: every table, parents before children", () => {
    const names = pairs.map((p) => p.name);
    const exported = Object.values(liteSchema).filter((v) => is(v, SQLiteTable));
    expect(names.length).toBe(exported.length);
    expect(names.indexOf("users")).toBeLessThan(names.indexOf("customers"));
    expect(names.indexOf("customers")).toBeLessThan(names.indexOf("documents"));
    expect(names.indexOf("documents")).toBeLessThan(names.indexOf("document_versions"));
  });

  test("fails loudly on a table declared in one schema only", () => {
    const extra = sqliteTable("extra_things", { id: text("id").primaryKey() });
    expect(() => pairTables({ ...liteSchema, extraThings: extra }, pgSchema)).toThrow(
      "The SQLite and PostgreSQL schemas declare different tables (db/schema.ts only: extraThings; db/schema.pg.ts only: none). Nothing was copied.",
    );
  });
});
