// Branding belongs to the workspace, contact details to the member (issue 40, item 3): every
// customer of a brokerage sees its logo, accent colour and company, with the name, phone, contact
// email and Reply-To of the member assigned to them; only an owner changes the branding.
// Customer emails are read from a real SMTP server.
import { afterAll, beforeAll, describe, expect, test } from "bun:test";
import { newestEmail } from "../support/outbox.ts";
import { createCustomer, sampleFiles } from "../support/fixtures.ts";
import { startTestServer, type Broker, type TestServer } from "../support/server.ts";
import { startSmtp, waitFor, type ReceivedMail, type TestSmtp } from "../support/smtp.ts";

let smtp: TestSmtp;
let srv: TestServer;
let owner: Broker;
/** The members who joined by invitation: a broker and an assistant, with their tokens and ids. */
let bea: { token: string; id: string };
let ann: { token: string; id: string };
let logoUrl: string;

const profileOf = async (token: string) => (await srv.call("/api/profile", { token })).body;
const put = (token: string, body: unknown) => srv.call("/api/profile", { method: "PUT", token, body });
function uploadLogo(token: string) {
  const form = new FormData();
  form.append("logo", new Blob([sampleFiles.png()], { type: "image/png" }), "logo.png");
  return srv.call("/api/profile/logo", { method: "POST", body: form, token });
}
const header = (raw: string, name: string) =>
  raw.split(/\r?\n\r?\n/)[0]!.replace(/\r?\n[ \t]+/g, " ").match(new RegExp(`^${name}:\\s*(.*)$`, "im"))?.[1]?.trim() ?? "";

/** Invites an email with a role and joins with the link the invitation email carries. */
async function joinAs(email: string, role: "broker" | "assistant", name: { firstName: string; lastName: string }) {
  expect((await srv.call("/api/workspace/invitations", { method: "POST", token: owner.token, body: { email, role } })).status).toBe(201);
  const mail = await newestEmail(srv.server.ctx.db, email, "workspace_invitation");
  const token = decodeURIComponent(mail!.text.match(/\/join\/([\w%-]+)/)![1]!);
  const joined = await srv.call("/api/workspace/join", { method: "POST", body: { token, password: "a long enough password", ...name } });
  expect(joined.status).toBe(201);
  return { token: joined.body.token as string, id: joined.body.user.id as string };
}

/** The next email the SMTP server receives for this address (after the jobs have run). */
async function nextMailTo(address: string, before: number): Promise<ReceivedMail> {
  await srv.runJobs();
  const mails = () => smtp.received.slice(before).filter((m) => m.to.includes(address));
  await waitFor(() => mails().length > 0, 10_000, `an email to ${address}`);
  return mails().at(-1)!;
}

beforeAll(async () => {
  smtp = await startSmtp();
  srv = await startTestServer({ SMTP_URL: smtp.url, PUBLIC_URL: "https://portal.example.com", MAIL_FROM: "Portal <no-reply@portal.example.com>" });
  owner = await srv.signUpBroker({ email: "olive@acme.example", firstName: "Olive", lastName: "Owner" });
  expect((await put(owner.token, { company: "Acme Lending", accentColor: "#0f766e", phone: "+1 555 0100", contactEmail: "olive.desk@acme.example" })).status).toBe(200);
  logoUrl = (await uploadLogo(owner.token)).body.logoUrl;
  expect(logoUrl).toStartWith("/api/logos/");
  bea = await joinAs("bea@acme.example", "broker", { firstName: "Bea", lastName: "Broker" });
  ann = await joinAs("ann@acme.example", "assistant", { firstName: "Ann", lastName: "Assist" });
  expect((await put(bea.token, { phone: "+1 555 0199", contactEmail: "bea.desk@acme.example" })).status).toBe(200);
});
afterAll(async () => {
  await srv.stop();
  await smtp.stop();
});

describe("a member's profile", () => {
  test("shows the workspace's branding, their own contact details, and who may change the branding", async () => {
    expect(await profileOf(bea.token)).toMatchObject({
      email: "bea@acme.example",
      firstName: "Bea",
      phone: "+1 555 0199",
      contactEmail: "bea.desk@acme.example",
      company: "Acme Lending",
      accentColor: "#0f766e",
      logoUrl,
      canEditBranding: false,
      brandingOwners: ["Olive Owner"],
    });
    expect(await profileOf(owner.token)).toMatchObject({ phone: "+1 555 0100", company: "Acme Lending", logoUrl, canEditBranding: true, brandingOwners: ["Olive Owner"] });
  });

  test("a broker's or an assistant's change of the logo, colour or company is 403 with a message, and nothing changes", async () => {
    for (const member of [bea, ann]) {
      const before = await profileOf(member.token);
      const ownerBefore = await profileOf(owner.token);
      const refusals = [
        await uploadLogo(member.token),
        await srv.call("/api/profile/logo", { method: "DELETE", token: member.token }),
        await put(member.token, { accentColor: "#000000" }),
        // Refused whole: the phone sent with the company is not saved either.
        await put(member.token, { company: "Bea's Own Shop", phone: "+1 555 0000" }),
      ];
      for (const res of refusals) expect({ status: res.status, body: res.body }).toEqual({ status: 403, body: { message: "Your role in this workspace does not allow this. Ask the workspace's owner." } });
      expect(await profileOf(member.token)).toEqual(before);
      expect(await profileOf(owner.token)).toEqual(ownerBefore);
      expect((await fetch(srv.url + logoUrl)).status).toBe(200);
    }
  });

  test("each member's contact details are their own: a broker changes theirs, the owner's stay", async () => {
    const saved = await put(ann.token, { phone: "+1 555 0142", firstName: "Annie" });
    expect(saved.status).toBe(200);
    expect(saved.body).toMatchObject({ phone: "+1 555 0142", firstName: "Annie", company: "Acme Lending" });
    expect((await profileOf(owner.token)).phone).toBe("+1 555 0100");
  });

  test("the owner's new colour and company reach every member's profile", async () => {
    expect((await put(owner.token, { accentColor: "#1D4ED8" })).body.accentColor).toBe("#1d4ed8");
    expect((await profileOf(bea.token)).accentColor).toBe("#1d4ed8");
    await put(owner.token, { accentColor: "#0f766e" });
  });
});

describe("what a member's customer sees", () => {
  test("the portal and the invitation show the workspace's logo and colour with the assignee's name, phone and email; replies go to the assignee", async () => {
    const before = smtp.received.length;
    const customer = await createCustomer(srv, bea.token, { email: "carla@example.com", name: "Carla" });
    expect(customer.assigneeId).toBe(bea.id);
    const workspaceId = (await srv.call("/api/auth/user", { token: bea.token })).body.workspaceId;

    const portal = await srv.call(`/api/upload/${customer.uploadLink}`);
    expect(portal.body.brokers).toEqual([
      { id: workspaceId, name: "Bea Broker", company: "Acme Lending", phone: "+1 555 0199", email: "bea.desk@acme.example", logoUrl, accentColor: "#0f766e" },
    ]);

    const mail = await nextMailTo("carla@example.com", before);
    expect(header(mail.raw, "Reply-To")).toContain("bea.desk@acme.example");
    expect(mail.subject).toContain("Bea Broker");
    expect(mail.body).toContain("+1 555 0199");
    expect(mail.body).not.toContain("+1 555 0100");
    expect(mail.body).toContain(`https://portal.example.com${logoUrl}`);
    expect(mail.body).toContain("#0f766e");
  });

  test("reassigning the customer changes the contact in the next email and in the portal, whoever sends it", async () => {
    let before = smtp.received.length;
    const customer = await createCustomer(srv, owner.token, { email: "erin@example.com", name: "Erin" });
    const invitation = await nextMailTo("erin@example.com", before);
    expect(header(invitation.raw, "Reply-To")).toContain("olive.desk@acme.example");
    expect(invitation.body).toContain("+1 555 0100");

    expect((await srv.call(`/api/customers/${customer.id}/assignee`, { method: "PUT", token: owner.token, body: { memberId: bea.id } })).status).toBe(200);
    // Olive sends the reminder; it comes from Bea, the customer's member now.
    before = smtp.received.length;
    expect((await srv.call(`/api/customer/${customer.id}/send-reminder`, { method: "POST", token: owner.token })).status).toBe(200);
    const reminder = await nextMailTo("erin@example.com", before);
    expect(header(reminder.raw, "Reply-To")).toContain("bea.desk@acme.example");
    expect(reminder.body).toContain("Bea Broker");
    expect(reminder.body).toContain("+1 555 0199");
    expect(reminder.body).not.toContain("+1 555 0100");
    expect(reminder.body).toContain(`https://portal.example.com${logoUrl}`);

    const portal = await srv.call(`/api/upload/${customer.uploadLink}`);
    expect(portal.body.brokers).toMatchObject([{ name: "Bea Broker", phone: "+1 555 0199", email: "bea.desk@acme.example", logoUrl, company: "Acme Lending" }]);
  });

  test("the portal's page frame welcomes a guest in the name of their assignee", async () => {
    const customer = await createCustomer(srv, bea.token, { email: "dan@example.com", name: "Dan" });
    const page = await (await fetch(`${srv.url}/upload/${customer.uploadLink}`)).text();
    expect(page).toContain("Bea Broker asked you for the documents below");
  });
});
