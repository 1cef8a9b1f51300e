import { describe, expect, test } from "bun:test";
import * as templates from "../../src/features/mail/templates.ts";
import { workspaceInvitationEmail } from "../../src/features/mail/broker-emails.ts";

const url = "https://portal.example.com/upload/abc123";
const people = { customerName: "Casey", brokerName: "Bree Broker", uploadUrl: url };
const due = new Date("2026-12-01T17:30:00Z");

const all = {
  invitation: templates.invitationEmail({ ...people, documents: [{ name: "Paystub" }, { name: "Photo ID", dueDate: due }] }),
  resend: templates.invitationResendEmail({ ...people, documents: [{ name: "Paystub" }] }),
  reminder: templates.reminderEmail({ ...people, documents: [{ name: "Tax Returns", dueDate: due }] }),
  shared: templates.sharedFilesEmail({ ...people, fileNames: ["Closing disclosure.pdf", "Rate lock.pdf"] }),
  reset: templates.passwordResetEmail({ customerName: "Casey", resetUrl: `${url}?reset=tok` }),
  resubmit: templates.resubmitRequestEmail({ ...people, documentName: "Bank Statement", reason: "Page 2 is missing" }),
  approved: templates.documentApprovedEmail({ ...people, documentName: "Paystub" }),
  reviewed: templates.reviewOutcomesEmail({
    ...people,
    outcomes: [
      { documentName: "Paystub", outcome: "approved" },
      { documentName: "Bank Statement", outcome: "resubmit", reason: "Page 2 is missing" },
    ],
  }),
};

describe("email templates", () => {
  test.each(Object.entries(all))("%s has a subject, a text and an HTML body that both carry the link", (_kind, email) => {
    expect(email.subject.length).toBeGreaterThan(5);
    expect(email.text).toContain("Hello Casey,");
    expect(email.text).toContain(url);
    expect(email.html).toContain(`href="${url}`);
  });

  test.each(Object.entries(all))("%s has a head a phone reads: charset, viewport and the subject as title", (_kind, email) => {
    expect(email.html.startsWith('<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">')).toBe(true);
    expect(email.html).toContain(`<title>${email.subject.replace(/'/g, "&#39;")}</title></head>`);
  });

  test("one review outcome is that outcome's own email; several are listed with the same words", () => {
    const one = (outcome: templates.ReviewOutcome) => templates.reviewOutcomesEmail({ ...people, outcomes: [outcome] });
    expect(one({ documentName: "Paystub", outcome: "approved" })).toEqual(all.approved);
    expect(one({ documentName: "Bank Statement", outcome: "resubmit", reason: "Page 2 is missing" })).toEqual(all.resubmit);
    expect(all.reviewed.subject).toBe("Bree Broker reviewed 2 of your documents");
    expect(all.reviewed.text).toContain("  - Approved: Paystub\n  - Please re-submit: Bank Statement. Reason: Page 2 is missing\n");
  });

  test("subjects say what the email is about", () => {
    expect(all.invitation.subject).toBe("Bree Broker invited you to upload your documents");
    expect(all.resend.subject).toBe("Reminder: Bree Broker invited you to upload your documents");
    expect(all.reminder.subject).toBe("Reminder: documents still needed by Bree Broker");
    expect(all.shared.subject).toBe("Bree Broker shared 2 documents with you");
    expect(all.reset.subject).toBe("Reset your portal password");
    expect(all.resubmit.subject).toBe("Please re-submit: Bank Statement");
    expect(all.approved.subject).toBe("Approved: Paystub");
  });

  test("requested documents are listed with their due dates; the re-submit reason is included", () => {
    expect(all.invitation.text).toContain("  - Paystub\n");
    expect(all.invitation.text).toContain("  - Photo ID (due Dec 1, 2026 at 5:30 PM UTC)");
    expect(all.resubmit.text).toContain("Reason: Page 2 is missing");
    expect(all.reset.text).toContain("expires in 1 hour");
  });

  test("the broker's contact line comes after the document list and the link, in both bodies", () => {
    const sender = { name: "Bree Broker", company: "Bree Loans", phone: "555-0100", replyTo: "bree@example.com", timeZone: null, logoUrl: null, accentColor: null };
    const email = templates.invitationEmail({ ...people, sender, documents: [{ name: "Paystub" }, { name: "Photo ID" }] });
    const contact = "Questions? Reply to this email to reach Bree Broker (Bree Loans), or call 555-0100.";
    for (const body of [email.text, email.html]) {
      const order = ["Please upload the following documents:", "Paystub", "Photo ID", url, contact].map((part) => body.indexOf(part));
      expect(order.every((at) => at >= 0)).toBe(true);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  });

  test("names are escaped in HTML, so a customer name cannot inject markup", () => {
    const email = templates.invitationEmail({ ...people, customerName: '<script>alert("x")</script>', documents: [] });
    expect(email.html).not.toContain("<script>");
    expect(email.html).toContain("&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;");
    expect(email.text).toContain('<script>alert("x")</script>'); // plain text is shown as text
  });
});

test("a workspace invitation names the workspace, the inviter and the role, carries the link in both bodies, and has the phone-ready head", () => {
  const joinUrl = "https://portal.example.com/join/tok";
  const email = workspaceInvitationEmail({ workspaceName: "Acme <Lending>", inviterName: "Bree Broker", role: "assistant", joinUrl, days: 7 });
  expect(email.subject).toBe("Bree Broker invited you to join Acme <Lending> on the document portal");
  expect(email.text).toContain("as an assistant");
  expect(email.text).toContain("expires in 7 days");
  expect(email.text).toContain(joinUrl);
  expect(email.html).toContain(`href="${joinUrl}`);
  expect(email.html).toContain("Acme &lt;Lending&gt;");
  expect(email.html).toContain('<meta name="viewport"');
});
