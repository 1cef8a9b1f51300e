// The broker's profile (name, company, phone, contact email, logo, accent colour, time zone) and
// where customers meet it: the portal's broker contacts and every email (Reply-To, branding,
// local times), checked against a real SMTP server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { createCustomer, daysAhead, sampleFiles } from "../support/fixtures.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";
import { startSmtp, type TestSmtp } from "../support/smtp.ts";

let smtp: TestSmtp;
let srv: TestServer;
let broker: Broker;
beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: "https://portal.example.com", MAIL_FROM: "Portal <no-reply@portal.example.com>" });
  broker = await srv.signUpBroker({ email: "branded@example.com", firstName: "Bree", lastName: "Brand" });
});
afterAll(async () => {
  await srv.stop();
  await smtp.stop();
});

const put = (body: unknown, token = broker.token) => srv.call("/api/profile", { method: "PUT", body, token });
function uploadLogo(bytes: Uint8Array<ArrayBuffer>, name = "logo.png", type = "image/png", token = broker.token) {
  const form = new FormData();
  form.append("logo", new Blob([bytes], { type }), name);
  return srv.call("/api/profile/logo", { method: "POST", body: form, token });
}
const header = (raw: string, name: string) =>
  raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ").match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";

describe("the profile", () => {
  test("starts empty, saves what is sent, clears blanks, and keeps what is left out", async () => {
    const empty = (await srv.call("/api/profile", { token: broker.token })).body;
    expect(empty).toMatchObject({ email: "branded@example.com", firstName: "Bree", company: null, phone: null, contactEmail: null, logoUrl: null });

    const saved = await put({ firstName: " Breanna ", company: "Brand Mortgages", phone: "+1 (555) 010-2030", contactEmail: "Desk@Brand.example", accentColor: "#0F766E" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ firstName: "Breanna", lastName: "Brand", company: "Brand Mortgages", phone: "+1 (555) 010-2030", contactEmail: "desk@brand.example", accentColor: "#0f766e" });
    expect((await srv.call("/api/auth/user", { token: broker.token })).body.firstName).toBe("Breanna");

    const cleared = await put({ company: "  " });
    expect(cleared.body.company).toBeNull();
    expect(cleared.body.phone).toBe("+1 (555) 010-2030");
    await put({ company: "Brand Mortgages" });
  });

  test.each([
    [{ phone: "call me maybe" }, "Enter a phone number of digits, spaces and + ( ) - . only"],
    [{ contactEmail: "not-an-email" }, "Please enter a valid contact email address"],
    [{ accentColor: "red" }, "The accent colour must be a hex colour such as #1d4ed8"],
    [{ timeZone: "Mars/Olympus_Mons" }, "Unknown time zone"],
  ])("refuses %j with 400 and changes nothing", async (body, message) => {
    const before = (await srv.call("/api/profile", { token: broker.token })).body;
    const res = await put(body);
    expect(res.status).toBe(400);
    expect(res.body).toEqual({ message });
    expect((await srv.call("/api/profile", { token: broker.token })).body).toEqual(before);
  });

  test("the contact email is one plain address: a list or a display name is 400 and never reaches Reply-To", async () => {
    const before = (await srv.call("/api/profile", { token: broker.token })).body;
    for (const contactEmail of ['x,"y"<a@b.c>', "desk@brand.example, thief@evil.example", "Desk <desk@brand.example>", '"desk"@brand.example', "desk@brand.example;thief@evil.example"]) {
      const res = await put({ contactEmail });
      expect(res.status).toBe(400);
      expect(res.body).toEqual({ message: "Enter one email address such as name@example.com, without a name, quotes, commas or angle brackets." });
    }
    expect((await srv.call("/api/profile", { token: broker.token })).body).toEqual(before);
    // Plain addresses, including + tags, apostrophes and non-ASCII letters, are still fine.
    for (const contactEmail of ["o'brien+desk@brand.example", "jürgen@müller.example"]) expect((await put({ contactEmail })).status).toBe(200);
    await put({ contactEmail: before.contactEmail ?? "" });
  });

  test("a body that names no field (empty, text, an array) is refused, not answered with success", async () => {
    for (const body of [{}, "hello", "[1,2]"]) {
      const res = await srv.call("/api/profile", { method: "PUT", body, token: broker.token });
      expect(res.status).toBe(400);
    }
  });

  test("needs a broker session", async () => {
    expect((await srv.call("/api/profile")).status).toBe(401);
    expect((await srv.call("/api/profile", { method: "PUT", body: { company: "X" } })).status).toBe(401);
  });
});

describe("the logo", () => {
  test("a PNG is stored and served publicly as an image that cannot run as a page; a new one replaces it", async () => {
    const res = await uploadLogo(sampleFiles.png());
    expect(res.status).toBe(200);
    const url: string = res.body.logoUrl;
    expect(url).toMatch(/^\/api\/logos\/[\w-]+$/);
    const served = await fetch(srv.url + url);
    expect(served.status).toBe(200);
    expect(served.headers.get("content-type")).toBe("image/png");
    expect(served.headers.get("x-content-type-options")).toBe("nosniff");
    expect(served.headers.get("content-security-policy")).toContain("sandbox");
    expect(new Uint8Array(await served.arrayBuffer())).toEqual(sampleFiles.png());

    const next = await uploadLogo(sampleFiles.jpeg(), "logo.jpg", "image/jpeg");
    expect(next.body.logoUrl).not.toBe(url);
    expect((await fetch(srv.url + url)).status).toBe(404);
    expect((await fetch(srv.url + next.body.logoUrl)).headers.get("content-type")).toBe("image/jpeg");
  });

  test("is judged by its bytes: HTML named .png and SVG are refused with 415; over 512 KB with 413", async () => {
    const before = (await srv.call("/api/profile", { token: broker.token })).body.logoUrl;
    const html = await uploadLogo(sampleFiles.html(), "logo.png", "image/png");
    expect(html.status).toBe(415);
    expect(html.body.message).toBe("The logo must be a PNG or JPEG image.");
    const svg = await uploadLogo(new TextEncoder().encode('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>'), "logo.svg", "image/svg+xml");
    expect(svg.status).toBe(415);
    const big = new Uint8Array(512 * 1024 + 1);
    big.set(sampleFiles.png());
    expect((await uploadLogo(big)).status).toBe(413);
    expect((await srv.call("/api/profile", { token: broker.token })).body.logoUrl).toBe(before);
  });

  test("can be removed", async () => {
    const other = await srv.signUpBroker();
    const url = (await uploadLogo(sampleFiles.png(), "l.png", "image/png", other.token)).body.logoUrl;
    const removed = await srv.call("/api/profile/logo", { method: "DELETE", token: other.token });
    expect(removed.body.logoUrl).toBeNull();
    expect((await fetch(srv.url + url)).status).toBe(404);
  });
});

describe("what customers see", () => {
  test("the portal names the broker's company, phone, contact email, logo and accent colour", async () => {
    await put({ contactEmail: "desk@brand.example", phone: "+1 (555) 010-2030", accentColor: "#0f766e" });
    const profile = (await srv.call("/api/profile", { token: broker.token })).body;
    const c = await createCustomer(srv, broker.token);
    const portal = await srv.call(`/api/upload/${c.uploadLink}`);
    expect(portal.body.brokers).toEqual([
      { id: broker.user.id, name: "Breanna Brand", company: "Brand Mortgages", phone: "+1 (555) 010-2030", email: "desk@brand.example", logoUrl: profile.logoUrl, accentColor: "#0f766e" },
    ]);
  });

  test("an invitation carries Reply-To the broker, their branding, and due times in the time zone of their browser", async () => {
    // Signing in from a browser in Berlin records the zone.
    const signIn = await srv.call("/api/auth/signin", { method: "POST", body: { email: "branded@example.com", password: "correct horse battery", timeZone: "Europe/Berlin" } });
    expect(signIn.status).toBe(200);
    expect((await srv.call("/api/profile", { token: broker.token })).body.timeZone).toBe("Europe/Berlin");

    const due = new Date(Date.parse(daysAhead(srv, 10)));
    due.setUTCHours(16, 30, 0, 0);
    const c = await createCustomer(srv, broker.token, { email: "replies@example.com", dueDate: due.toISOString(), reminderAt: null });
    expect(c.id).toBeTruthy();
    smtp.received.length = 0;
    await srv.runJobs();
    const mail = smtp.received.find((m) => m.to.includes("replies@example.com"))!;
    expect(mail).toBeDefined();
    expect(header(mail.raw, "Reply-To")).toContain("desk@brand.example");
    expect(header(mail.raw, "From")).toContain("no-reply@portal.example.com");
    // 16:30 UTC is 17:30 in Berlin in winter, 18:30 in summer: either way not the UTC time.
    const berlin = new Intl.DateTimeFormat("en-US", { timeZone: "Europe/Berlin", hour: "numeric", minute: "2-digit" }).format(due);
    expect(mail.body).toContain(`at ${berlin}`);
    expect(mail.body).toMatch(/GMT\+[12]|CES?T/);
    expect(mail.body).not.toContain("4:30 PM UTC");
    expect(mail.body).toContain("+1 (555) 010-2030");
    expect(mail.body).toContain("#0f766e");
  });

  test("a broker without a profile still gets replies: Reply-To is their sign-in email, times in UTC", async () => {
    const plain = await srv.signUpBroker({ email: "plain-broker@example.com" });
    await createCustomer(srv, plain.token, { email: "plain-customer@example.com" });
    smtp.received.length = 0;
    await srv.runJobs();
    const mail = smtp.received.find((m) => m.to.includes("plain-customer@example.com"))!;
    expect(header(mail.raw, "Reply-To")).toContain("plain-broker@example.com");
  });

  test("emails about the broker's own account carry no Reply-To", async () => {
    await srv.call("/api/auth/forgot-password", { method: "POST", body: { email: "branded@example.com" } });
    smtp.received.length = 0;
    await srv.runJobs();
    const mail = smtp.received.find((m) => m.to.includes("branded@example.com"))!;
    expect(header(mail.raw, "Reply-To")).toBe("");
  });
});
