// Virus scanning against a REAL clamd (Debian's clamav-daemon). Its signature mirrors cannot be
// reached from here, so the test gives clamd a database of its own in a temp directory: an MD5
// signature of the EICAR test file, and a body signature of the EICAR string anywhere in a file.
// Skipped, with the reason printed, when clamd is not installed.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { existsSync, mkdirSync, readdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { scanBytes, ScannerUnavailable } from "../../src/features/document-checks/clamav.ts";
import { realPdf } from "../files/samples.ts";
import { createCustomer, uploadFile } from "../support/fixtures.ts";
import { startTestServer, tempDir, type Broker, type TestServer } from "../support/server.ts";
import { exec, row, statement } from "../support/sql.ts";

const CLAMD = ["/usr/sbin/clamd", "/usr/bin/clamd"].find((p) => existsSync(p));
if (!CLAMD) console.log("SKIPPED document-checks-clamav: clamd is not installed (apt-get install clamav-daemon; .ci/run installs it where it can)");

// The EICAR anti-virus test file: harmless, and detected by every scanner by agreement.
const EICAR = "X5O!P%@AP[4\\PZX54(P^)7CC)7}$EICAR-STANDARD-ANTIVIRUS-TEST-FILE!$H+H*";

let dir = "";
let socket = "";
let clamd: ReturnType<typeof Bun.spawn> | undefined;

async function startClamd(): Promise<void> {
  dir = tempDir("clamd-");
  const db = join(dir, "db");
  mkdirSync(db);
  const md5 = createHash("md5").update(EICAR).digest("hex");
  writeFileSync(join(db, "eicar.hdb"), `${md5}:${EICAR.length}:Eicar-Test-Signature\n`);
  writeFileSync(join(db, "eicar.ndb"), `Eicar-Test-Signature-Embedded:0:*:${Buffer.from(EICAR).toString("hex")}\n`);
  socket = join(dir, "clamd.sock");
  const conf = join(dir, "clamd.conf");
  writeFileSync(
    conf,
    [`LocalSocket ${socket}`, `DatabaseDirectory ${db}`, `TemporaryDirectory ${dir}`, `PidFile ${join(dir, "clamd.pid")}`, `LogFile ${join(dir, "clamd.log")}`, "Foreground yes", "LogVerbose no"].join("\n") + "\n",
  );
  clamd = Bun.spawn([CLAMD!, "-c", conf], { stdout: "ignore", stderr: "pipe" });
  // Ready when it answers a scan (it opens the socket once its database is loaded).
  for (let i = 0; i < 600; i++) {
    if (clamd.exitCode !== null) throw new Error(`clamd exited: ${await new Response(clamd.stderr as ReadableStream).text()}`);
    if (existsSync(socket)) {
      try {
        await scanBytes(socket, new Uint8Array([1, 2, 3]));
        return;
      } catch {
        // still starting
      }
    }
    await Bun.sleep(100);
  }
  throw new Error("clamd did not start within 60 s");
}

describe.skipIf(!CLAMD)("virus scanning with clamd", () => {
  let srv: TestServer;
  let broker: Broker;
  beforeAll(async () => {
    await startClamd();
    srv = await startTestServer({ CLAMAV_SOCKET: socket });
    broker = await srv.signUpBroker();
  }, 90_000);
  afterAll(async () => {
    await srv?.stop();
    clamd?.kill();
    await clamd?.exited;
  });

  const tempFiles = () => readdirSync(srv.server.ctx.files.tempDir);
  const q = async (text: string, ...args: unknown[]) => (await row<any>(srv.server.ctx.db, statement(text, ...args))) ?? null;

  test("clamd finds the EICAR file and passes a clean one (INSTREAM over the unix socket)", async () => {
    expect(await scanBytes(socket, new TextEncoder().encode(EICAR))).toMatchObject({ clean: false, signature: expect.stringMatching(/^Eicar-Test-Signature/) });
    expect(await scanBytes(socket, realPdf())).toEqual({ clean: true });
  });

  test("a clean upload is stored with 'Virus scan: clean' in its checks", async () => {
    const c = await createCustomer(srv, broker.token);
    const res = await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: realPdf() });
    expect(res.status).toBe(200);
    expect(JSON.parse((await q("select check_report from documents where id = ?", c.documents[0]!.id)).check_report).virusScan).toBe("clean");
  });

  test("an infected upload is refused, nothing is stored, and the broker is told", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Erin Example" });
    const infected = realPdf(1, { comment: EICAR });
    const res = await uploadFile(srv, c.uploadLink, c.documents[0]!.id, { bytes: infected });
    expect(res.status).toBe(400);
    expect(res.body.message).toMatch(/contains a virus \(Eicar-Test-Signature-Embedded.UNOFFICIAL\).*send a clean copy; your broker has been told/);
    expect(await q("select status, storage_key from documents where id = ?", c.documents[0]!.id)).toEqual({ status: "requested", storage_key: null });
    expect(tempFiles()).toEqual([]);
    const note = await q("select title, message from notifications where broker_id = ? and type = 'upload_infected'", broker.user.id);
    expect(note.title).toBe("Infected file refused");
    expect(note.message).toContain(`Erin Example's upload to ${c.documents[0]!.name} contained a virus`);
  });

  test("an infected file looked at before sending, then sent anyway: refused both times, the broker told once", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Pia Preview" });
    const send = (path: string) => {
      const form = new FormData();
      form.append("file", new Blob([realPdf(1, { comment: EICAR })], { type: "application/pdf" }), "infected.pdf");
      return srv.call(`/api/upload/${c.uploadLink}/documents/${c.documents[0]!.id}${path}`, { method: "POST", body: form });
    };
    const looked = await send("/recognition");
    expect(looked.status).toBe(400);
    expect(looked.body.message).toMatch(/contains a virus/);
    const sent = await send("");
    expect(sent.status).toBe(400);
    expect(sent.body.message).toBe(looked.body.message);
    const told = await q("select count(*) as n from notifications where broker_id = ? and type = 'upload_infected' and message like ?", broker.user.id, "Pia Preview%");
    expect(Number(told.n)).toBe(1);
    expect(await q("select status, storage_key from documents where id = ?", c.documents[0]!.id)).toEqual({ status: "requested", storage_key: null });
    expect(tempFiles()).toEqual([]);
  });

  test("a shared file carrying EICAR is refused before it is stored", async () => {
    const c = await createCustomer(srv, broker.token);
    const form = new FormData();
    form.append("documents", new Blob([realPdf(1, { comment: EICAR })], { type: "application/pdf" }), "brochure.pdf");
    form.append("customerIds", JSON.stringify([c.id]));
    const res = await srv.call("/api/documents/share", { method: "POST", token: broker.token, body: form });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This file contains a virus (Eicar-Test-Signature-Embedded.UNOFFICIAL) and was not shared. Nothing was sent to your customers.");
    expect(tempFiles()).toEqual([]);
  });

  test("a signature template saved before its virus was known: a request from it is scanned, refused, and nothing is sent", async () => {
    const c = await createCustomer(srv, broker.token, { name: "Tara Template" });
    const form = new FormData();
    form.append("name", "Engagement letter");
    form.append("fields", JSON.stringify([{ type: "signature", page: 1, x: 0.1, y: 0.1, width: 0.3, height: 0.06, signer: 0, required: true }]));
    form.append("file", new Blob([realPdf(1)], { type: "application/pdf" }), "letter.pdf");
    const template = await srv.call<{ id: string }>("/api/signature-templates", { method: "POST", token: broker.token, body: form });
    expect(template.status).toBe(201);
    // As if it had been saved (and hashed) while the scanner did not know this virus: the stored
    // bytes and their hash are the infected file's, so only a scan can tell.
    const infected = realPdf(1, { comment: EICAR });
    const stored = await q("select storage_key from signature_templates where id = ?", template.body.id);
    await srv.server.ctx.files.write(stored.storage_key, infected);
    await exec(srv.server.ctx.db, statement("update signature_templates set sha256 = ? where id = ?", createHash("sha256").update(infected).digest("hex"), template.body.id));
    const request = new FormData();
    request.append("request", JSON.stringify({ name: "Engagement letter", templateId: template.body.id, signers: [{ email: c.email, name: "Tara Template" }] }));
    const res = await srv.call(`/api/customers/${c.id}/signature-requests`, { method: "POST", token: broker.token, body: request });
    expect(res.status).toBe(400);
    expect(res.body.message).toBe("This template's PDF contains a virus (Eicar-Test-Signature-Embedded.UNOFFICIAL) and was not sent. Nothing was sent to your customer; delete the template and save it again from a clean PDF.");
    expect(Number((await q("select count(*) as n from signature_requests where customer_id = ?", c.id)).n)).toBe(0);
    const note = await q("select message from notifications where broker_id = ? and type = 'upload_infected' and message like ?", broker.user.id, "The signature template%");
    expect(note.message).toContain('The signature template "Engagement letter" contained a virus');
  });

  test("scanner down: uploads are refused with 'try again shortly', never stored unscanned", async () => {
    expect(scanBytes(join(dir, "nobody-listens.sock"), realPdf())).rejects.toBeInstanceOf(ScannerUnavailable);
    const down = await startTestServer({ CLAMAV_SOCKET: join(dir, "nobody-listens.sock") });
    try {
      const b = await down.signUpBroker();
      const c = await createCustomer(down, b.token);
      const res = await uploadFile(down, c.uploadLink, c.documents[0]!.id, { bytes: realPdf() });
      expect(res.status).toBe(503);
      expect(res.body.message).toBe("Files cannot be checked for viruses right now, so nothing was uploaded. Please try again shortly.");
      expect(await row(down.server.ctx.db, statement("select status from documents where id = ?", c.documents[0]!.id))).toEqual({ status: "requested" });
      expect(readdirSync(down.server.ctx.files.tempDir)).toEqual([]);
    } finally {
      await down.stop();
    }
  });
});
