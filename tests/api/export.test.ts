// Export: the ZIP a broker downloads is opened with Debian's real `unzip`, and every file in it
// is compared byte for byte (and by SHA-256) with what the customer uploaded.
import { beforeAll, describe, expect, test } from "bun:test";
import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { csvCell, safeFileName, uniqueNamer } from "../../src/shared/export.ts";
import { realPdf } from "../files/samples.ts";
import { createCustomer, customerCookie, uploadFile } from "../support/fixtures.ts";
import { tempDir, useServerWithBroker, type Broker } from "../support/server.ts";
import { row, statement } from "../support/sql.ts";

const { srv, broker } = useServerWithBroker({}, { firstName: "Brook", lastName: "Broker" });
const sha256 = (bytes: Uint8Array) => createHash("sha256").update(bytes).digest("hex");

interface Unzipped {
  /** Paths in the archive, in order. */
  names: string[];
  read(path: string): Buffer;
  manifest(folder?: string): Record<string, string>[];
}

/** Saves a ZIP response to disk, checks it with `unzip -t`, and extracts it. */
async function unzip(res: Response): Promise<Unzipped> {
  expect(res.status).toBe(200);
  expect(res.headers.get("content-type")).toBe("application/zip");
  const dir = tempDir("export-test-");
  const file = join(dir, "export.zip");
  writeFileSync(file, new Uint8Array(await res.arrayBuffer()));
  const test = Bun.spawnSync(["unzip", "-t", file]);
  expect(test.exitCode).toBe(0);
  const list = Bun.spawnSync(["unzip", "-Z1", file]);
  const names = list.stdout.toString().split("\n").filter(Boolean);
  const out = join(dir, "out");
  mkdirSync(out);
  expect(Bun.spawnSync(["unzip", "-q", file, "-d", out]).exitCode).toBe(0);
  const read = (path: string) => readFileSync(join(out, path));
  return { names, read, manifest: (folder = "") => parseCsv(read(`${folder}manifest.csv`).toString("utf8")) };
}

/** RFC 4180, as a spreadsheet reads it; rows become objects keyed by the header. */
function parseCsv(text: string): Record<string, string>[] {
  expect(text.startsWith("\uFEFF")).toBe(true);
  const rows: string[][] = [];
  let row: string[] = [];
  let cell = "";
  let quoted = false;
  for (let i = 1; i < text.length; i++) {
    const c = text[i]!;
    if (quoted) {
      if (c === '"' && text[i + 1] === '"') (cell += '"'), i++;
      else if (c === '"') quoted = false;
      else cell += c;
    } else if (c === '"') quoted = true;
    else if (c === ",") row.push(cell), (cell = "");
    else if (c === "\r" && text[i + 1] === "\n") row.push(cell), rows.push(row), (row = []), (cell = ""), i++;
    else cell += c;
  }
  const [header, ...body] = rows;
  return body.map((r) => Object.fromEntries(header!.map((h, i) => [h, r[i] ?? ""])));
}

const exportOne = (customerId: string, scope?: string, auth: { token?: string; cookie?: string } = { token: broker.token }) =>
  fetch(`${srv.url}/api/customers/${customerId}/export${scope ? `?scope=${scope}` : ""}`, {
    headers: { ...(auth.token ? { authorization: `Bearer ${auth.token}` } : {}), ...(auth.cookie ? { cookie: auth.cookie } : {}) },
  });
const exportMany = (customerIds: string[], scope?: string, token = broker.token) =>
  fetch(`${srv.url}/api/customers/export`, {
    method: "POST",
    headers: { authorization: `Bearer ${token}`, "content-type": "application/json" },
    body: JSON.stringify({ customerIds, ...(scope ? { scope } : {}) }),
  });
const setPattern = (fileNamePattern: string, token = broker.token) =>
  srv.call("/api/export/settings", { method: "PUT", token, body: { fileNamePattern } });

const files = { paystub: realPdf(1, { comment: "paystub" }), bank: realPdf(2, { comment: "bank" }), id: realPdf(1, { comment: "id card" }) };
let jane: Awaited<ReturnType<typeof createCustomer>>;

beforeAll(async () => {
  jane = await createCustomer(srv, broker.token, {
    name: "Jane Doe",
    email: "jane@example.com",
    requiredDocuments: [{ name: "Paystub" }, { name: "Bank Statement" }, { name: "Photo ID" }, { name: "Tax Return" }],
  });
  const doc = (name: string) => jane.documents.find((d) => d.name === name)!;
  const [paystub, bank, id] = [doc("Paystub"), doc("Bank Statement"), doc("Photo ID")];
  for (const [doc, bytes, name] of [
    [paystub!, files.paystub, "pay.pdf"],
    [bank!, files.bank, "bank.pdf"],
    [id!, files.id, "scan.html"], // a PDF named .html is exported as .pdf
  ] as const) {
    expect((await uploadFile(srv, jane.uploadLink, doc.id, { bytes, name })).status).toBe(200);
  }
  for (const doc of [paystub!, id!]) {
    expect((await srv.call(`/api/documents/${doc.id}/verify`, { method: "POST", token: broker.token, body: { status: "approved" } })).status).toBe(200);
  }
});

describe("one customer", () => {
  test("approved (the default): only approved files, byte for byte, and a manifest with their SHA-256", async () => {
    const zip = await unzip(await exportOne(jane.id));
    expect(zip.names.sort()).toEqual(["Jane Doe - Paystub.pdf", "Jane Doe - Photo ID.pdf", "manifest.csv"]);
    expect(zip.read("Jane Doe - Paystub.pdf").equals(Buffer.from(files.paystub))).toBe(true);
    expect(zip.read("Jane Doe - Photo ID.pdf").equals(Buffer.from(files.id))).toBe(true);

    const rows = zip.manifest();
    expect(rows.map((r) => r.Document).sort()).toEqual(["Paystub", "Photo ID"]);
    const paystub = rows.find((r) => r.Document === "Paystub")!;
    expect(paystub).toMatchObject({
      File: "Jane Doe - Paystub.pdf",
      Status: "Approved",
      "Approved by": "Brook Broker",
      "Size (bytes)": String(files.paystub.byteLength),
      "SHA-256": sha256(files.paystub),
    });
    expect(new Date(paystub.Uploaded!).getTime()).not.toBeNaN();
    expect(new Date(paystub["Approved at"]!).getTime()).not.toBeNaN();
  });

  test("all: every file, and documents without one listed with no file", async () => {
    const zip = await unzip(await exportOne(jane.id, "all"));
    expect(zip.names.sort()).toEqual(["Jane Doe - Bank Statement.pdf", "Jane Doe - Paystub.pdf", "Jane Doe - Photo ID.pdf", "manifest.csv"]);
    expect(zip.read("Jane Doe - Bank Statement.pdf").equals(Buffer.from(files.bank))).toBe(true);
    const rows = zip.manifest();
    const byName = Object.fromEntries(rows.map((r) => [r.Document, r]));
    expect(byName["Bank Statement"]).toMatchObject({ Status: "Under Review", "Approved by": "", "Approved at": "", "SHA-256": sha256(files.bank) });
    expect(byName["Tax Return"]).toMatchObject({ File: "", Status: "Requested", "Size (bytes)": "", "SHA-256": "" });
    for (const row of rows.filter((r) => r.File)) expect(sha256(zip.read(row.File!))).toBe(row["SHA-256"]!);
  });

  test("a scope other than approved or all is refused", async () => {
    const res = await exportOne(jane.id, "everything");
    expect(res.status).toBe(400);
    expect(((await res.json()) as { message: string }).message).toBe("Scope must be approved or all.");
  });
});

describe("the broker's file name pattern", () => {
  test("is the default until set, refuses unknown fields and patterns without the document", async () => {
    expect((await srv.call("/api/export/settings", { token: broker.token })).body).toEqual({
      fileNamePattern: "{customer} - {document}.{ext}",
      defaultPattern: "{customer} - {document}.{ext}",
    });
    expect(await setPattern("{customer}.{ext}")).toMatchObject({ status: 400, body: { message: "The file name pattern must contain {document} or {original}." } });
    expect((await setPattern("{documnet}.{ext}")).body.message).toStartWith("Unknown field {documnet}.");
    expect(await setPattern("   ")).toMatchObject({ status: 400, body: { message: "Enter a file name pattern." } });
  });

  test("names the files, and names that collide get (2), (3) — compared without case", async () => {
    expect((await setPattern("{status}/{original} {document}.{ext}")).status).toBe(200);
    let zip = await unzip(await exportOne(jane.id, "all"));
    // "/" is not a folder: it is replaced, so a pattern never escapes or nests.
    expect(zip.names.sort()).toEqual(["Approved_pay Paystub.pdf", "Approved_scan Photo ID.pdf", "Under Review_bank Bank Statement.pdf", "manifest.csv"]);

    expect((await setPattern("{status} {original}.{ext}")).status).toBe(200);
    const twins = await createCustomer(srv, broker.token, { name: "Twin", email: "twin@example.com", requiredDocuments: [{ name: "First" }, { name: "Second" }, { name: "Third" }] });
    for (const [i, name] of ["Same.pdf", "same.pdf", "SAME.pdf"].entries()) {
      expect((await uploadFile(srv, twins.uploadLink, twins.documents[i]!.id, { bytes: realPdf(1, { comment: `twin ${i}` }), name })).status).toBe(200);
    }
    zip = await unzip(await exportOne(twins.id, "all"));
    expect(zip.names.sort()).toEqual(["Under Review SAME (3).pdf", "Under Review Same.pdf", "Under Review same (2).pdf", "manifest.csv"].sort());
    const rows = zip.manifest();
    for (const row of rows) expect(sha256(zip.read(row.File!))).toBe(row["SHA-256"]!);
    expect(new Set(rows.map((r) => r["SHA-256"])).size).toBe(3);

    expect((await setPattern("{customer} - {document}.{ext}")).status).toBe(200);
  });

  test("is the broker's own", async () => {
    const other = await srv.signUpBroker();
    expect((await srv.call("/api/export/settings", { token: other.token })).body.fileNamePattern).toBe("{customer} - {document}.{ext}");
  });
});

describe("many customers", () => {
  test("one ZIP with a folder per customer, each with its manifest; same-named customers get separate folders", async () => {
    const a = await createCustomer(srv, broker.token, { name: "Sam: Lee?", email: "sam1@example.com", requiredDocuments: [{ name: "Paystub" }] });
    const b = await createCustomer(srv, broker.token, { name: "Sam: Lee?", email: "sam2@example.com", requiredDocuments: [{ name: "Paystub" }] });
    const bytesA = realPdf(1, { comment: "sam a" });
    const bytesB = realPdf(1, { comment: "sam b" });
    expect((await uploadFile(srv, a.uploadLink, a.documents[0]!.id, { bytes: bytesA })).status).toBe(200);
    expect((await uploadFile(srv, b.uploadLink, b.documents[0]!.id, { bytes: bytesB })).status).toBe(200);

    const zip = await unzip(await exportMany([a.id, b.id, jane.id], "all"));
    const folders = [...new Set(zip.names.map((n) => n.split("/")[0]))];
    expect(folders).toEqual(["Sam_ Lee_", "Sam_ Lee_ (2)", "Jane Doe"]);
    expect(zip.read("Sam_ Lee_/Sam_ Lee_ - Paystub.pdf").equals(Buffer.from(bytesA))).toBe(true);
    expect(zip.read("Sam_ Lee_ (2)/Sam_ Lee_ - Paystub.pdf").equals(Buffer.from(bytesB))).toBe(true);
    expect(zip.manifest("Sam_ Lee_ (2)/")[0]).toMatchObject({ Document: "Paystub", "SHA-256": sha256(bytesB) });
    expect(zip.manifest("Jane Doe/")).toHaveLength(4);
  });

  test("the same export as a link (GET with ids), for the browser to save straight to disk", async () => {
    const res = await fetch(`${srv.url}/api/customers/export?ids=${jane.id}&scope=approved`, { headers: { authorization: `Bearer ${broker.token}` } });
    expect(res.headers.get("content-disposition")).toMatch(/^attachment; filename="Customers export \d{4}-\d{2}-\d{2}\.zip"/);
    const zip = await unzip(res);
    expect(zip.names.sort()).toEqual(["Jane Doe/Jane Doe - Paystub.pdf", "Jane Doe/Jane Doe - Photo ID.pdf", "Jane Doe/manifest.csv"]);
  });

  test("an empty list is refused", async () => {
    expect((await exportMany([])).status).toBe(400);
  });
});

test("a file gone from the store (deleted meanwhile) is left out, and the manifest says it has no file", async () => {
  const gone = await createCustomer(srv, broker.token, { name: "Gone", email: "gone@example.com", requiredDocuments: [{ name: "Paystub" }, { name: "Bank Statement" }] });
  const kept = realPdf(1, { comment: "kept" });
  for (const [i, bytes] of [kept, realPdf(1, { comment: "lost" })].entries()) {
    expect((await uploadFile(srv, gone.uploadLink, gone.documents[i]!.id, { bytes })).status).toBe(200);
  }
  const lost = (await row<any>(srv.server.ctx.db, statement("select storage_key as key, name from documents where id = ?", gone.documents[1]!.id))) as { key: string; name: string };
  await srv.server.ctx.files.remove(lost.key);
  const zip = await unzip(await exportOne(gone.id, "all"));
  expect(zip.names.sort()).toEqual([`Gone - ${gone.documents[0]!.name}.pdf`, "manifest.csv"]);
  const rows = Object.fromEntries(zip.manifest().map((r) => [r.Document, r]));
  expect(rows[lost.name]).toMatchObject({ File: "", "Size (bytes)": "", "SHA-256": "" });
  expect(rows[gone.documents[0]!.name]!["SHA-256"]).toBe(sha256(kept));
});

describe("tenancy and access", () => {
  let stranger: Broker;
  beforeAll(async () => {
    stranger = await srv.signUpBroker();
  });

  test("another broker's customer is a 404 and nothing is streamed", async () => {
    for (const res of [await exportOne(jane.id, "all", { token: stranger.token }), await exportMany([jane.id], "all", stranger.token)]) {
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ message: "Customer not found" });
    }
  });

  test("one foreign id in a list makes the whole request a 404", async () => {
    const own = await createCustomer(srv, stranger.token, { name: "Own", email: "own@example.com" });
    const res = await exportMany([own.id, jane.id], "all", stranger.token);
    expect(res.status).toBe(404);
    expect(await res.text()).not.toContain("PK");
    const link = await fetch(`${srv.url}/api/customers/export?ids=${own.id},${jane.id}`, { headers: { authorization: `Bearer ${stranger.token}` } });
    expect(link.status).toBe(404);
    // Their own customer alone exports.
    expect((await unzip(await exportMany([own.id], "all", stranger.token))).names).toEqual(["Own/manifest.csv"]);
  });

  test("guests and customers cannot export", async () => {
    expect((await exportOne(jane.id, "all", {})).status).toBe(401);
    const cookie = await customerCookie(srv, jane.uploadLink, jane.email);
    expect((await exportOne(jane.id, "all", { cookie })).status).toBe(401);
  });
});

describe("rules", () => {
  test("CSV cells: quoted when needed, and never a formula", () => {
    expect(csvCell("plain")).toBe("plain");
    expect(csvCell('a "b", c')).toBe('"a ""b"", c"');
    expect(csvCell("two\nlines")).toBe('"two\nlines"');
    for (const danger of ["=HYPERLINK(\"x\")", "+1", "-1+2", "@SUM(A1)", "\tx"]) expect(csvCell(danger).replace(/^"/, "")).toStartWith("'");
    expect(csvCell(-5)).toBe("-5"); // numbers we write ourselves stay numbers
    expect(csvCell(null)).toBe("");
  });

  test("file names are safe on every OS", () => {
    expect(safeFileName('a<b>c:d"e/f\\g|h?i*j')).toBe("a_b_c_d_e_f_g_h_i_j");
    expect(safeFileName("..")).toBe("file");
    expect(safeFileName("name. . ")).toBe("name");
    expect(safeFileName("CON.pdf")).toBe("_CON.pdf");
    expect(safeFileName("nul")).toBe("_nul");
    expect(safeFileName("line\r\nbreak")).toBe("line__break");
    const long = safeFileName("ü".repeat(300) + ".pdf");
    expect(new TextEncoder().encode(long).length).toBeLessThanOrEqual(200);
    expect(long).toEndWith("ü.pdf");
    const unique = uniqueNamer(["manifest.csv"]);
    expect([unique("Manifest.csv"), unique("a.pdf"), unique("A.pdf"), unique("a (2).pdf")]).toEqual(["Manifest (2).csv", "a.pdf", "A (2).pdf", "a (2) (2).pdf"]);
  });
});
