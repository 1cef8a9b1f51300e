// A served file is named after what its bytes are, not after what the uploader called it: a PDF
// uploaded as evil.html downloads as evil.pdf, so nothing opens it as a page.
import { beforeAll, describe, expect, test } from "bun:test";
import { servedFileName } from "../../src/lib/http.ts";
import { createCustomer, customerCookie, sampleFiles, uploadFile } from "../support/fixtures.ts";
import { useServerWithBroker } from "../support/server.ts";

const { srv, broker } = useServerWithBroker();
const uploaded: Record<string, string> = {};
let cookie: string;

beforeAll(async () => {
  const c = await createCustomer(srv, broker.token, {
    email: "names@example.com",
    requiredDocuments: [{ name: "A" }, { name: "B" }, { name: "C" }, { name: "D" }],
  });
  const files = [
    ["evil.html", sampleFiles.pdf()],
    ["photo.png", sampleFiles.jpeg()],
    ["Scan.JPEG", sampleFiles.jpeg()],
    ["Überweisung", sampleFiles.pdf()],
  ] as const;
  for (const [i, [name, bytes]] of files.entries()) {
    const res = await uploadFile(srv, c.uploadLink, c.documents[i]!.id, { bytes, name });
    expect(res.status).toBe(200);
    uploaded[name] = c.documents[i]!.id;
  }
  cookie = await customerCookie(srv, c.uploadLink, c.email);
});

const disposition = async (path: string) => {
  const res = await fetch(srv.url + path, { headers: { cookie } });
  expect(res.status).toBe(200);
  return res.headers.get("content-disposition");
};

describe("served file names", () => {
  test("a PDF uploaded as evil.html is served as evil.pdf, viewed or downloaded", async () => {
    for (const route of ["view", "download"]) {
      const header = await disposition(`/api/documents/${uploaded["evil.html"]}/${route}`);
      expect(header).toContain('filename="evil.pdf"');
      expect(header).toContain("filename*=UTF-8''evil.pdf");
      expect(header).not.toContain("html");
    }
  });

  test("the extension follows the sniffed type; a right one is kept as written", async () => {
    expect(await disposition(`/api/documents/${uploaded["photo.png"]}/download`)).toContain('filename="photo.jpg"');
    expect(await disposition(`/api/documents/${uploaded["Scan.JPEG"]}/download`)).toContain('filename="Scan.JPEG"');
    expect(await disposition(`/api/documents/${uploaded["Überweisung"]}/download`)).toContain("filename*=UTF-8''%C3%9Cberweisung.pdf");
  });

  test("download-proxy's filename gets the same treatment", async () => {
    const url = encodeURIComponent(`/api/documents/${uploaded["evil.html"]}/download`);
    const header = await disposition(`/api/download-proxy?url=${url}&filename=${encodeURIComponent("invoice.html")}`);
    expect(header).toContain('filename="invoice.pdf"');
  });

  test.each([
    ["clip.html", "video/mp4", "clip.mp4"],
    ["clip.mp4", "video/quicktime", "clip.mov"],
    ["movie.svg", "video/vnd.avi", "movie.avi"],
    ["film", "video/matroska", "film.mkv"],
    ["x.htm", null, "x.bin"],
    [".html", "application/pdf", "file.pdf"],
  ])("%s as %p is served as %s", (name, type, expected) => {
    expect(servedFileName(name, type)).toBe(expected);
  });
});
