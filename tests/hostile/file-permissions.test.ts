// Part 10: another local user on the portal's machine. Everything `portal serve` creates (the data
// directory, the database and its write-ahead log, the session secret, stored files and uploads
// in progress) is the owner's alone, whatever the shell's umask (022 is the common default and is
// what this test runs the portal with).
import { afterAll, expect, test } from "bun:test";
import { readdirSync, rmSync, statSync } from "node:fs";
import { join } from "node:path";
import { realPdf } from "../files/samples.ts";
import { createCustomerAt, freshDataDir, signUpBrokerAt, startPortal, type PortalProcess } from "./process.ts";
import { uploadRaw } from "./support.ts";

const parent = freshDataDir("portal-perms-");
let portal: PortalProcess | undefined;
afterAll(async () => {
  await portal?.stop();
  rmSync(parent, { recursive: true, force: true });
});

/** Every path under `dir` (itself included) with its permission bits. */
function walk(dir: string): { path: string; mode: number }[] {
  const entries = [{ path: dir, mode: statSync(dir).mode & 0o777 }];
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) entries.push(...walk(path));
    else entries.push({ path, mode: statSync(path).mode & 0o777 });
  }
  return entries;
}

test("the data directory, the database and every stored file are readable by their owner only", async () => {
  const dataDir = join(parent, "data"); // not there yet: the portal creates it
  process.umask(0o022);
  portal = await startPortal({ dataDir });
  const broker = await signUpBrokerAt(portal.url, dataDir);
  const customer = await createCustomerAt(portal.url, broker.token, ["Paystub"]);
  const upload = await uploadRaw(portal, customer.uploadLink, customer.documents[0]!.id, { bytes: realPdf() });
  expect(upload.status).toBe(200);

  const entries = walk(dataDir);
  expect(entries.map((e) => e.path.slice(dataDir.length))).toEqual(expect.arrayContaining(["", "/portal.sqlite", "/session-secret", "/files"]));
  expect(entries.filter((e) => e.path.includes(".pdf") || /files\/[^.]/.test(e.path)).length).toBeGreaterThan(0);
  const open = entries.filter((e) => (e.mode & 0o077) !== 0).map((e) => `${e.path} ${e.mode.toString(8)}`);
  expect(open).toEqual([]);
}, 120_000);
