// Backup and restore, end to end: the real CLI writes a real .tar.gz beside a portal that keeps
// writing and taking uploads, the real CLI restores it, and a portal started on the restored
// directory has every row and every completed upload's bytes.
import { afterAll, describe, expect, test } from "bun:test";
import { Database } from "bun:sqlite";
import { createHash, randomBytes } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import * as tar from "tar";
import { loadConfig } from "../../src/config.ts";
import { createLogger } from "../../src/lib/log.ts";
import { startServer } from "../../src/server.ts";
import { SELF_SIGNED_FILE } from "../../src/features/signatures/certificate-file.ts";
import { sealingCertificate } from "../../src/features/signatures/certificate-key.ts";
import { runCli } from "../support/cli.ts";
import { createCustomer, uploadFile } from "../support/fixtures.ts";
import { startTestServer, tempDir, type TestServer } from "../support/server.ts";
import { realPdf, realPng } from "../files/samples.ts";
import { field, requestSignature } from "../support/signatures.ts";
import { dialect } from "../../db/dialect.ts";

const dirs: string[] = [];
const scratch = () => {
  const dir = tempDir("portal-backup-");
  dirs.push(dir);
  return dir;
};
afterAll(() => dirs.forEach((d) => rmSync(d, { recursive: true, force: true })));

const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

/** A PDF by its first bytes, with `size` random bytes after, so every upload's bytes are its own. */
/** A real PDF (uploads are opened by pdf.js) made unique by `size` random bytes in an unused stream. */
function uniquePdf(size: number): Uint8Array<ArrayBuffer> {
  return realPdf(1, { padding: new Uint8Array(randomBytes(size)) });
}

async function portalWithData(): Promise<{ srv: TestServer; token: string }> {
  // On local disk even when the suite runs on S3 (TEST_STORAGE=s3): the archive holds the files
  // of DATA_DIR/files; backing up a bucket is not built yet.
  const srv = await startTestServer({}, { storage: "local" });
  const { token } = await srv.signUpBroker();
  return { srv, token };
}

// SQLite only: portal backup and restore archive the SQLite file in DATA_DIR; PostgreSQL keeps no such file.
if (dialect === "postgres") console.log("skipped on PostgreSQL: portal backup and restore archive the SQLite file in DATA_DIR");
describe.skipIf(dialect === "postgres")("portal backup and restore", () => {
  test("under write and upload load: the restored portal has every earlier row and every completed upload's bytes", async () => {
    const { srv, token } = await portalWithData();
    try {
      const uploads = new Map<string, { sha: string; beforeBackup: boolean }>();
      const customersBefore: string[] = [];
      let backupStarted = false;
      let backupDone = false;

      // Load: customers created and files uploaded, one after another, until the backup ends.
      const load = async () => {
        while (!backupDone) {
          const customer = await createCustomer(srv, token);
          if (!backupStarted) customersBefore.push(customer.id);
          for (const doc of customer.documents) {
            const bytes = uniquePdf(64 * 1024 + Math.floor(Math.random() * 64 * 1024));
            const res = await uploadFile(srv, customer.uploadLink, doc.id, { bytes });
            expect(res.status).toBeLessThan(300);
            uploads.set(doc.id, { sha: sha256(bytes), beforeBackup: !backupStarted });
          }
        }
      };
      // Some data before the backup starts, then the backup runs while three writers keep going.
      const before = load();
      while (uploads.size < 12) await Bun.sleep(5);
      const writers = Promise.all([load(), load(), load()]);
      backupStarted = true;
      const out = join(scratch(), "nightly.tar.gz");
      const backup = await runCli(["backup", out, "--data", srv.dataDir]);
      backupDone = true;
      await Promise.all([before, writers]);
      // The load really ran beside the backup.
      expect([...uploads.values()].filter((u) => !u.beforeBackup).length).toBeGreaterThan(0);
      expect(backup.stderr).toBe("");
      expect(backup.exitCode).toBe(0);
      expect(backup.stdout).toContain(`Backup written to ${out}`);

      const restored = join(scratch(), "restored");
      const restore = await runCli(["restore", out, "--data", restored]);
      expect(restore.stderr).toBe("");
      expect(restore.exitCode).toBe(0);
      expect(restore.stdout).toContain("all checksums verified");

      const db = new Database(join(restored, "portal.sqlite"), { readonly: true });
      expect(db.query("pragma integrity_check").get()).toEqual({ integrity_check: "ok" });
      const customerIds = new Set((db.query("select id from customers").all() as { id: string }[]).map((r) => r.id));
      for (const id of customersBefore) expect(customerIds.has(id)).toBe(true);
      const stored = db.query("select id, storage_key as key from documents where storage_key is not null").all() as { id: string; key: string }[];
      db.close();
      const storedIds = new Set(stored.map((d) => d.id));
      const completedBefore = [...uploads].filter(([, u]) => u.beforeBackup);
      expect(completedBefore.length).toBeGreaterThanOrEqual(12);
      for (const [id] of completedBefore) expect(storedIds.has(id)).toBe(true);
      // Every file the restored database points at is there, with the bytes that were uploaded.
      for (const doc of stored) expect(sha256(readFileSync(join(restored, "files", doc.key)))).toBe(uploads.get(doc.id)!.sha);
      expect(stored.length).toBeGreaterThan(completedBefore.length - 1);

      // The restored portal runs: its sessions (and the secret that signs them) came along.
      const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: restored });
      const again = await startServer(config, { log: createLogger("silent"), runScheduler: false });
      try {
        const me = await fetch(`${again.url}/api/auth/user`, { headers: { authorization: `Bearer ${token}` } });
        expect(me.status).toBe(200);
        const [docId, upload] = completedBefore[0]!;
        const file = await fetch(`${again.url}/api/documents/${docId}/download`, { headers: { authorization: `Bearer ${token}` } });
        expect(file.status).toBe(200);
        expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(upload.sha);
      } finally {
        await again.stop();
      }
    } finally {
      await srv.stop();
    }
  }, 30_000);

  test("--to DIR --keep N writes time-stamped archives and keeps the newest N", async () => {
    const { srv } = await portalWithData();
    try {
      const folder = join(scratch(), "backups");
      for (let i = 0; i < 3; i++) {
        const res = await runCli(["backup", "--to", folder, "--keep", "2", "--data", srv.dataDir]);
        expect(res.exitCode).toBe(0);
      }
      const names = readdirSync(folder).sort();
      expect(names).toHaveLength(2);
      for (const name of names) expect(name).toMatch(/^portal-backup-\d{4}-\d\d-\d\dT[\d-]+Z\.tar\.gz$/);

      const bad = await runCli(["backup", "--to", folder, "--keep", "none", "--data", srv.dataDir]);
      expect(bad.exitCode).toBe(1);
      expect(bad.stderr.trim()).toBe('--keep must be a whole number above 0 (got "none")');
      const keepWithoutDir = await runCli(["backup", join(folder, "x.tar.gz"), "--keep", "2", "--data", srv.dataDir]);
      expect(keepWithoutDir.exitCode).toBe(1);
      expect(keepWithoutDir.stderr.trim().split("\n")).toHaveLength(1);
      const nowhere = await runCli(["backup", "--data", srv.dataDir]);
      expect(nowhere.exitCode).toBe(1);
      expect(nowhere.stderr).toContain("backup needs a place");
    } finally {
      await srv.stop();
    }
  }, 20_000);

  test("a signature template's PDF travels with the backup, and the restored portal serves it", async () => {
    const { srv, token } = await portalWithData();
    try {
      const pdf = uniquePdf(4096);
      const form = new FormData();
      form.append("name", "Engagement letter");
      form.append("fields", JSON.stringify([{ type: "signature", page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.06, signer: 0, required: true }]));
      form.append("file", new Blob([pdf], { type: "application/pdf" }), "letter.pdf");
      const template = await srv.call("/api/signature-templates", { method: "POST", token, body: form });
      expect(template.status).toBe(201);
      const out = join(scratch(), "with-template.tar.gz");
      expect((await runCli(["backup", out, "--data", srv.dataDir])).exitCode).toBe(0);
      const restored = join(scratch(), "restored-template");
      const restore = await runCli(["restore", out, "--data", restored]);
      expect(restore.exitCode).toBe(0);
      const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: restored });
      const again = await startServer(config, { log: createLogger("silent"), runScheduler: false });
      try {
        const file = await fetch(`${again.url}${template.body.pdfUrl}`, { headers: { authorization: `Bearer ${token}` } });
        expect(file.status).toBe(200);
        expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(sha256(pdf));
      } finally {
        await again.stop();
      }
    } finally {
      await srv.stop();
    }
  }, 20_000);

  test("a signature request's original PDF and a drawn signature travel with the backup: the restored portal opens the document to sign", async () => {
    const { srv, token } = await portalWithData();
    try {
      const pdf = uniquePdf(2048);
      const customer = await createCustomer(srv, token, { name: "Grace Hopper" });
      const request = await requestSignature(srv, token, customer.id, {
        pdf,
        request: {
          name: "Engagement letter",
          signers: [
            { email: customer.email, name: "Grace Hopper" },
            { email: "alan@example.com", name: "Alan Turing" },
          ],
          fields: [field({ type: "signature" }), field({ type: "signature", signer: 1, y: 0.5 })],
        },
      });
      expect(request.status).toBe(201);
      // The customer signs by drawing: the PNG is a stored file of its own.
      const signed = await srv.call(`/api/upload/${customer.uploadLink}/signature-requests/${request.body.id}/sign`, {
        method: "POST",
        body: { consent: true, signature: { type: "drawn", png: Buffer.from(realPng(240, 80)).toString("base64") }, values: {} },
      });
      expect(signed.status).toBe(200);
      const drawnKey = (srv.server.ctx.db.$client.query("select signature_key as key from signature_signers where signature_key is not null").get() as { key: string }).key;
      const out = join(scratch(), "with-request.tar.gz");
      const backup = await runCli(["backup", out, "--data", srv.dataDir]);
      expect(backup.exitCode).toBe(0);
      const restored = join(scratch(), "restored-request");
      expect((await runCli(["restore", out, "--data", restored])).exitCode).toBe(0);
      expect(existsSync(join(restored, "files", drawnKey))).toBe(true);
      const config = loadConfig({ PORT: "0", HOST: "127.0.0.1", DATA_DIR: restored });
      const again = await startServer(config, { log: createLogger("silent"), runScheduler: false });
      try {
        const file = await fetch(`${again.url}/api/upload/${customer.uploadLink}/signature-requests/${request.body.id}/document`);
        expect(file.status).toBe(200);
        expect(sha256(new Uint8Array(await file.arrayBuffer()))).toBe(sha256(pdf));
      } finally {
        await again.stop();
      }
    } finally {
      await srv.stop();
    }
  }, 20_000);

  test("the self-signed signing certificate travels with the backup, still owner-only", async () => {
    const { srv } = await portalWithData();
    try {
      const made = sealingCertificate({ configured: null, dataDir: srv.dataDir, commonName: "backup test" });
      const out = join(scratch(), "with-certificate.tar.gz");
      expect((await runCli(["backup", out, "--data", srv.dataDir])).exitCode).toBe(0);
      const restored = join(scratch(), "restored-certificate");
      expect((await runCli(["restore", out, "--data", restored])).exitCode).toBe(0);
      const file = join(restored, SELF_SIGNED_FILE);
      expect(sha256(readFileSync(file))).toBe(sha256(made.p12));
      expect(statSync(file).mode & 0o777).toBe(0o600);
      // The restored portal seals with the same certificate, not a new one.
      expect(sha256(sealingCertificate({ configured: null, dataDir: restored, commonName: "other" }).p12)).toBe(sha256(made.p12));
    } finally {
      await srv.stop();
    }
  }, 20_000);

  describe("restore refuses, changing nothing", () => {
    let archive: string;
    const setup = async () => {
      if (archive) return;
      const { srv, token } = await portalWithData();
      try {
        const customer = await createCustomer(srv, token);
        await uploadFile(srv, customer.uploadLink, customer.documents[0]!.id, { bytes: uniquePdf(4096) });
        archive = join(scratch(), "good.tar.gz");
        expect((await runCli(["backup", archive, "--data", srv.dataDir])).exitCode).toBe(0);
      } finally {
        await srv.stop();
      }
    };
    /** Unpacks the good archive, applies `change`, and packs it again, as a tampered or mixed-up archive. */
    const repack = async (change: (dir: string) => void) => {
      const dir = scratch();
      await tar.extract({ file: archive, cwd: dir });
      change(dir);
      const out = join(scratch(), "tampered.tar.gz");
      await tar.create({ gzip: true, file: out, cwd: dir }, readdirSync(dir));
      return out;
    };
    const expectRefused = async (file: string, reason: string) => {
      const target = join(scratch(), "target");
      const res = await runCli(["restore", file, "--data", target]);
      expect(res.exitCode).toBe(1);
      expect(res.stderr.trim().split("\n")).toHaveLength(1);
      expect(res.stderr).toContain(reason);
      expect(res.stderr).toContain("Nothing was changed");
      expect(existsSync(target) ? readdirSync(target) : []).toEqual([]);
    };

    test("an archive cut short", async () => {
      await setup();
      const cut = join(scratch(), "cut.tar.gz");
      const bytes = readFileSync(archive);
      writeFileSync(cut, bytes.subarray(0, Math.floor(bytes.length / 2)));
      await expectRefused(cut, "not a complete backup archive");
    });

    test("a stored file whose bytes changed", async () => {
      await setup();
      const file = await repack((dir) => {
        const name = readdirSync(join(dir, "files"))[0]!;
        const path = join(dir, "files", name);
        const bytes = readFileSync(path);
        bytes[bytes.length - 1]! ^= 0xff;
        writeFileSync(path, bytes);
      });
      await expectRefused(file, "does not match its checksum");
    });

    test("a stored file missing, or one from another archive", async () => {
      await setup();
      const missing = await repack((dir) => rmSync(join(dir, "files"), { recursive: true }));
      await expectRefused(missing, "is missing (the archive is incomplete)");
      const mixed = await repack((dir) => writeFileSync(join(dir, "files", "AAAAAAAAAAAAAAAAAAAAAAAA"), "other"));
      await expectRefused(mixed, "is not in its manifest");
    });

    test("an archive made by a newer portal (a migration this one does not know)", async () => {
      await setup();
      const newer = await repack((dir) => {
        const db = new Database(join(dir, "portal.sqlite"));
        db.query("insert into __drizzle_migrations (hash, created_at) values ('from-the-future', ?)").run(Date.now());
        db.close();
        // Its manifest is rewritten to match, as that newer portal would have written it.
        const manifest = JSON.parse(readFileSync(join(dir, "manifest.json"), "utf8"));
        const bytes = readFileSync(join(dir, "portal.sqlite"));
        const entry = manifest.entries.find((e: { path: string }) => e.path === "portal.sqlite");
        Object.assign(entry, { size: bytes.length, sha256: sha256(bytes) });
        writeFileSync(join(dir, "manifest.json"), JSON.stringify(manifest));
      });
      await expectRefused(newer, "it was made by a newer portal");
    });

    test("an archive that is not a portal backup", async () => {
      await setup();
      const foreign = await repack((dir) => rmSync(join(dir, "manifest.json")));
      await expectRefused(foreign, "no portal backup manifest");
    });

    test("a data directory that is not empty, or that a running portal holds", async () => {
      await setup();
      const used = scratch();
      writeFileSync(join(used, "notes.txt"), "mine");
      const res = await runCli(["restore", archive, "--data", used]);
      expect(res.exitCode).toBe(1);
      expect(res.stderr.trim()).toContain("is not empty (notes.txt)");
      expect(readdirSync(used)).toEqual(["notes.txt"]);

      const srv = await startTestServer({}, { storage: "local" });
      try {
        const busy = await runCli(["restore", archive, "--data", srv.dataDir]);
        expect(busy.exitCode).toBe(1);
        expect(busy.stderr.trim()).toContain("Another portal");
      } finally {
        await srv.stop();
      }
      const none = await runCli(["restore", join(used, "no-such.tar.gz"), "--data", scratch()]);
      expect(none.exitCode).toBe(1);
      expect(none.stderr.trim()).toContain("No backup file at");
    });
  });
});
