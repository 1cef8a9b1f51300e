// The journey both several-instance tests take (tests/api/instances.test.ts from source,
// tests/e2e/scale-out.test.ts with the compiled executable): a broker signs up through instance A
// and listens on B, creates a customer through B, the customer uploads through A; B's socket hears
// it and B serves the same bytes from the shared bucket.
import { expect } from "bun:test";
import { sampleFiles, uploadFile } from "./fixtures.ts";
import { connectLive } from "./live.ts";
import { cookieHeader, remoteServer } from "./server.ts";

/** Runs the journey against two instances' base URLs; returns the broker's session cookie. */
export async function uploadThroughOneHeardOnTheOther(aUrl: string, bUrl: string): Promise<{ cookie: string }> {
  const viaA = remoteServer(aUrl);
  const viaB = remoteServer(bUrl);
  // The first broker of an empty portal is created at once (no emailed code).
  const signUp = await viaA.call("/api/auth/signup", { method: "POST", body: { email: "bree@example.com", password: "broker password 1", firstName: "Bree" } });
  expect(signUp.status).toBe(201);
  const cookie = cookieHeader(signUp as never);

  // The broker's session, made on A, works on B; their live socket is held by B.
  const socket = await connectLive(viaB, { cookie });
  const created = await viaB.call("/api/customers", { method: "POST", headers: { cookie }, body: { email: "sam@example.com", requiredDocuments: [{ name: "Paystub" }] } });
  expect(created.status).toBe(201);
  const { uploadLink, documents } = created.body as { uploadLink: string; documents: { id: string }[] };

  expect((await uploadFile(viaA, uploadLink, documents[0]!.id, { bytes: sampleFiles.pdf() })).status).toBe(200);
  expect(await socket.next((m) => m.type === "data_update" && m.updateType === "document_uploaded", 10_000)).toBeTruthy();
  // The file went to the shared bucket: the other instance serves the same bytes.
  const download = await fetch(`${bUrl}/api/documents/${documents[0]!.id}/download`, { headers: { cookie } });
  expect(download.status).toBe(200);
  expect(new Uint8Array(await download.arrayBuffer())).toEqual(sampleFiles.pdf());
  socket.close();
  return { cookie };
}
