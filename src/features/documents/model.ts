import { t } from "elysia";

const optionalText = (maxLength: number, error: string) => t.Optional(t.Union([t.String({ maxLength }), t.Null()], { error }));
const dueDate = t.String({ maxLength: 64, error: "dueDate is required: a date and time, such as 2026-12-01T17:00:00Z" });
const reminderTime = optionalText(64, "reminderTime must be a date and time, such as 2026-11-30T17:00:00Z");

export const DocumentIdParams = t.Object({ id: t.String({ maxLength: 64 }) });

export const VerifyBody = t.Object({
  status: t.Union([t.Literal("approved"), t.Literal("rejected")], { error: 'status must be "approved" or "rejected"' }),
  comments: optionalText(2000, "Comments must be at most 2,000 characters"),
  rejectionReason: optionalText(2000, "The re-submit reason must be at most 2,000 characters"),
});

export const DueDateBody = t.Object({ dueDate, reminderTime });

export const BulkDueDateBody = t.Object({
  documentIds: t.Array(t.String({ maxLength: 64 }), { maxItems: 500, error: "documentIds must be a list of document ids" }),
  dueDate,
  reminderTime,
});
