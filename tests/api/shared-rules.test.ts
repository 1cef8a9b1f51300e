// The pure rules in src/shared that both the server and the web app use.
import { acceptList, CUSTOMER_UPLOAD_TYPES, looksLike, previewKind } from "../../src/shared/files.ts";
import { describe, expect, test } from "bun:test";
import { approachesCap, resolveCap, standardSelectionLocked } from "../../src/shared/limits.ts";
import {
  canCustomerUpload,
  canVerify,
  customerStatus,
  documentProgress,
  encodeCustomDocument,
  canHaveDueDateSet,
  isOverdue,
  nameFromEmail,
  parseRequestedDocument,
  STANDARD_DOCUMENTS,
  type DocumentStatus,
} from "../../src/shared/documents.ts";
import { addDueTime, defaultReminderLead, dueDateInfo, dueValueError, formatDueDate, parseDueValue, reminderAfterRequest, reminderNote, reminderTime } from "../../src/shared/due-date.ts";
import { formatKilobytes, unreadBadge } from "../../src/shared/format.ts";
import { capLevel, perCustomerError, perRequestError } from "../../src/shared/limits.ts";
import { daysWeeksMonthsAgo, notificationTime } from "../../src/shared/relative-time.ts";

const now = new Date(2026, 10, 22, 12, 0, 0);
const hours = (h: number) => new Date(now.getTime() + h * 3_600_000);
const docs = (...statuses: DocumentStatus[]) => statuses.map((status) => ({ status }));

describe("document statuses", () => {
  test("who may do what in which status", () => {
    expect(["requested", "incomplete", "need_to_resubmit", "overdue"].every((s) => canCustomerUpload(s as DocumentStatus))).toBe(true);
    expect(canCustomerUpload("uploaded") || canCustomerUpload("approved") || canCustomerUpload("shared")).toBe(false);
    expect(canVerify("uploaded", true)).toBe(true);
    expect(canVerify("need_to_resubmit", true)).toBe(true);
    expect(canVerify("uploaded", false)).toBe(false);
    expect(canVerify("approved", true)).toBe(false);
    expect(["approved", "uploaded", "shared"].some((s) => canHaveDueDateSet(s as DocumentStatus))).toBe(false);
    expect(canHaveDueDateSet("need_to_resubmit")).toBe(true);
  });

  test("progress leaves shared files out and rounds; completed needs at least one document, all approved", () => {
    expect(documentProgress(docs("approved", "uploaded", "requested", "shared"))).toEqual({
      total: 3, approved: 1, pending: 2, percent: 33, uploaded: 2, uploadPercent: 67,
    });
    expect(documentProgress([])).toMatchObject({ total: 0, percent: 0 });
    expect(customerStatus(docs("approved", "approved", "shared"))).toBe("completed");
    expect(customerStatus(docs("approved", "uploaded"))).toBe("pending");
    expect(customerStatus(docs("shared"))).toBe("pending");
  });

  test("overdue only while waiting for the customer", () => {
    expect(isOverdue({ status: "requested", dueDate: hours(-1) }, now)).toBe(true);
    expect(isOverdue({ status: "uploaded", dueDate: hours(-1) }, now)).toBe(false);
    expect(isOverdue({ status: "requested", dueDate: null }, now)).toBe(false);
  });

  test("custom documents travel as custom:{name}:{description}", () => {
    expect(encodeCustomDocument("Gift letter")).toBe("custom:Gift letter:Custom document");
    expect(parseRequestedDocument("custom:Gift letter:From: parents")).toEqual({ name: "Gift letter", description: "From: parents", custom: true });
    expect(parseRequestedDocument("custom:Lease")).toEqual({ name: "Lease", description: "Custom document", custom: true });
    expect(parseRequestedDocument("photo id")).toEqual({ ...STANDARD_DOCUMENTS[3]!, custom: false });
    expect(STANDARD_DOCUMENTS).toHaveLength(10);
    expect(nameFromEmail("jane.doe@example.com")).toBe("Jane.doe");
  });
});

describe("due dates", () => {
  test("urgency: overdue, critical within 6 hours, warning within 24, else normal", () => {
    expect(dueDateInfo(hours(-2), now)).toMatchObject({ isOverdue: true, urgencyLevel: "overdue", timeRemaining: "Overdue by 2 hours" });
    expect(dueDateInfo(hours(6), now).urgencyLevel).toBe("critical");
    expect(dueDateInfo(hours(7), now).urgencyLevel).toBe("warning");
    expect(dueDateInfo(hours(24), now).urgencyLevel).toBe("warning");
    expect(dueDateInfo(hours(25), now)).toMatchObject({ urgencyLevel: "normal", timeRemaining: "Due in 1 day" });
  });

  test("format: month-abbreviation day, year at hour:minute am/pm", () => {
    expect(formatDueDate(new Date(2026, 11, 1, 17, 5))).toBe("Dec 1, 2026 at 5:05 PM");
    // Emails: the same words in a named time zone, which they then say.
    expect(formatDueDate(new Date(Date.UTC(2026, 11, 1, 17, 5)), "UTC")).toBe("Dec 1, 2026 at 5:05 PM UTC");
    expect(formatDueDate(new Date(Date.UTC(2026, 11, 1, 17, 5)), "America/New_York")).toBe("Dec 1, 2026 at 12:05 PM EST");
  });

  test("due values: 1 to 365, non-numeric falls back to 1; reminders are subtracted", () => {
    expect(parseDueValue("abc")).toBe(1);
    expect(parseDueValue("")).toBe(1);
    expect(parseDueValue("12")).toBe(12);
    expect(dueValueError(0)).toBe("Due time must be at least 1");
    expect(dueValueError(366)).toBe("Due time cannot exceed 365 days");
    expect(dueValueError(365)).toBeNull();
    expect(addDueTime(now, 90, "minutes")).toEqual(hours(1.5));
    expect(reminderTime(hours(48), 1, "days")).toEqual(hours(24));
  });

  test("a reminder that would come with the request is not sent, and the note says so (the spec's 7-day due, 30-day lead)", () => {
    const due = addDueTime(now, 7, "days");
    expect(reminderAfterRequest(reminderTime(due, 30, "days"), now)).toBeNull();
    expect(reminderNote(reminderTime(due, 30, "days"), now)).toStartWith("That is not after the request is sent, so no separate reminder goes out");
    // Within the same minute as the request, too.
    expect(reminderAfterRequest(addDueTime(now, 30, "minutes"), now)).toEqual(addDueTime(now, 30, "minutes"));
    expect(reminderAfterRequest(new Date(now.getTime() + 30_000), now)).toBeNull();
    expect(reminderNote(reminderTime(due, 1, "days"), now)).toBe(`Reminder ${formatDueDate(addDueTime(now, 6, "days"))}`);
    // A changed due date has no request email: a past reminder time goes out at once.
    expect(reminderNote(reminderTime(due, 30, "days"), now, "due-date-change")).toBe("That time has already passed, so the reminder is sent right away.");
  });

  test("the reminder's default lead keeps the spec's 30 days where it fits, else a day, an hour or 15 minutes", () => {
    expect(defaultReminderLead(addDueTime(now, 60, "days"), now)).toEqual({ value: 30, unit: "days" });
    expect(defaultReminderLead(addDueTime(now, 7, "days"), now)).toEqual({ value: 1, unit: "days" });
    expect(defaultReminderLead(addDueTime(now, 5, "hours"), now)).toEqual({ value: 1, unit: "hours" });
    expect(defaultReminderLead(addDueTime(now, 40, "minutes"), now)).toEqual({ value: 15, unit: "minutes" });
    expect(defaultReminderLead(addDueTime(now, 20, "minutes"), now)).toBeNull();
  });

  test("due badges never say \"1 second\": under a minute is less than a minute", () => {
    expect(dueDateInfo(new Date(now.getTime() - 1000), now).timeRemaining).toBe("Overdue by less than a minute");
    expect(dueDateInfo(new Date(now.getTime() + 20_000), now).timeRemaining).toBe("Due in less than a minute");
    expect(dueDateInfo(new Date(now.getTime() - 61_000), now).timeRemaining).toBe("Overdue by 1 minute");
  });

  test("file sizes in KB and the 9+ badge, the same on both sides", () => {
    expect(formatKilobytes(251_187)).toBe("245.3 KB");
    expect(formatKilobytes(400)).toBe("0.4 KB");
    expect([unreadBadge(0), unreadBadge(3), unreadBadge(12)]).toEqual([null, "3", "9+"]);
  });
});

describe("limits", () => {
  test("per request, per customer, and the counter colour", () => {
    expect(perRequestError("free", 3)).toBeNull();
    expect(perRequestError("free", 4)).toBe("You can only select up to 3 documents per request based on your subscription plan.");
    expect(perRequestError("unlimited", 500)).toBeNull();
    expect(perCustomerError(2, 1, 3)).toBeNull();
    expect(perCustomerError(2, 2, 3)).toContain("Cannot add 2 documents. Customer already has 2 requested documents. Maximum allowed is 3");
    expect(perCustomerError(50, 50, null)).toBeNull();
    expect([capLevel(7, 10), capLevel(8, 10), capLevel(10, 10), capLevel(99, null)]).toEqual(["ok", "warning", "full", "ok"]);
  });
});

describe("relative times", () => {
  test("customer list buckets and notification times", () => {
    const ago = (ms: number) => new Date(now.getTime() - ms);
    const day = 86_400_000;
    expect(daysWeeksMonthsAgo(ago(3 * day), now)).toBe("3 days ago");
    expect(daysWeeksMonthsAgo(ago(14 * day), now)).toBe("2 weeks ago");
    expect(daysWeeksMonthsAgo(ago(65 * day), now)).toBe("2 months ago");
    expect(notificationTime(ago(30_000), now)).toBe("Just now");
    expect(notificationTime(ago(5 * 60_000), now)).toBe("5m ago");
    expect(notificationTime(ago(3 * 3_600_000), now)).toBe("3h ago");
    expect(notificationTime(ago(2 * day), now)).toBe("2d ago");
    expect(notificationTime(ago(8 * day), now, "en-US")).toBe(ago(8 * day).toLocaleDateString("en-US"));
  });
});

describe("file types", () => {
  test("a stored file is previewed by its sniffed type; the name counts only when no type is known", () => {
    expect(previewKind({ mimeType: "application/pdf", name: "scan.png" })).toBe("pdf");
    expect(previewKind({ mimeType: "image/png", name: "x.pdf" })).toBe("image");
    expect(previewKind({ mimeType: "video/mp4", name: "a.pdf" })).toBe("other");
    expect(previewKind({ mimeType: null, name: "A.PDF" })).toBe("pdf");
    expect(previewKind({ mimeType: "", name: "photo.jpeg" })).toBe("image");
    expect(previewKind({ mimeType: null, name: null })).toBe("other");
  });

  test("the browser's check accepts customer upload types by type, or by name when the phone gives none", () => {
    expect(looksLike({ type: "image/jpg", name: "x" }, CUSTOMER_UPLOAD_TYPES)).toBe(true);
    expect(looksLike({ type: "text/html", name: "x.pdf" }, CUSTOMER_UPLOAD_TYPES)).toBe(false);
    expect(looksLike({ type: "", name: "IMG_1.JPG" }, CUSTOMER_UPLOAD_TYPES)).toBe(true);
    expect(looksLike({ type: "", name: "movie.mp4" }, CUSTOMER_UPLOAD_TYPES)).toBe(false);
    expect(looksLike({ type: "", name: "IMG_0001.HEIC" }, CUSTOMER_UPLOAD_TYPES)).toBe(true);
    expect(acceptList(CUSTOMER_UPLOAD_TYPES)).toEqual([".pdf", ".jpg", ".jpeg", ".png", ".heic", ".heif", "application/pdf", "image/jpeg", "image/png", "image/heic", "image/heif"]);
  });
});

describe("caps", () => {
  test("a missing limit is the spec's 3, an unlimited one is no cap, any other is itself", () => {
    expect(resolveCap(undefined)).toBe(3);
    expect(resolveCap(null)).toBe(3);
    expect(resolveCap(-1)).toBeNull();
    expect(resolveCap(999999)).toBeNull();
    expect(resolveCap(Infinity)).toBeNull();
    expect(resolveCap(10)).toBe(10);
    expect(resolveCap(0)).toBe(0);
  });
});

test("standard documents lock at the plan's per-customer cap (the spec's 3 by default), never without one", () => {
  expect(standardSelectionLocked(3, resolveCap(undefined))).toBe(true);
  expect(standardSelectionLocked(2, 3)).toBe(false);
  expect(standardSelectionLocked(9, 10)).toBe(false);
  expect(standardSelectionLocked(10, 10)).toBe(true);
  expect(standardSelectionLocked(50, resolveCap(-1))).toBe(false);
});

test("SPEC 5: the per-customer warning shows at the cap minus one and at the cap, not before or beyond", () => {
  expect([1, 2, 3, 4].map((total) => approachesCap(total, 3))).toEqual([false, true, true, false]);
  expect(approachesCap(40, null)).toBe(false);
});
