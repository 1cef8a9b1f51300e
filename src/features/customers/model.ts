import { t } from "elysia";
import { MAX_EMAIL_LENGTH, MAX_NAME_LENGTH } from "../../shared/validation.ts";

const optionalText = (maxLength: number, error: string) => t.Optional(t.Union([t.String({ maxLength }), t.Null()], { error }));
const dateText = (field: string) =>
  optionalText(64, `${field} must be a date and time, such as 2026-12-01T17:00:00Z`);

export const IdParams = t.Object({ id: t.String({ maxLength: 64 }) });

export const CreateCustomerBody = t.Object({
  name: optionalText(MAX_NAME_LENGTH, `Names must be text of at most ${MAX_NAME_LENGTH} characters`),
  email: t.String({ maxLength: MAX_EMAIL_LENGTH, error: "Invalid email address" }),
  loanType: optionalText(60, "Loan type must be text of at most 60 characters"),
  dueDate: dateText("dueDate"),
  reminderTime: dateText("reminderTime"),
  requiredDocuments: t.Optional(
    t.Array(
      t.Object({
        name: t.String({ maxLength: 700 }),
        description: t.Optional(t.Union([t.String({ maxLength: 500 }), t.Null()])),
      }),
      { maxItems: 100, error: "requiredDocuments must be a list of {name, description} of at most 100 documents, names up to 120 characters" },
    ),
  ),
});

export const RequestDocumentsBody = t.Object({
  documentTypes: t.Array(t.String({ maxLength: 700 }), {
    maxItems: 100,
    error: "documentTypes must be a list of at most 100 document names",
  }),
  dueDate: dateText("dueDate"),
  reminderTime: dateText("reminderTime"),
});

// Missing fields get the spec's message; lengths are checked by the service with their own.
const required = t.String({ maxLength: 2000, error: "Please fill in all required fields" });
export const UpdateCustomerBody = t.Object({ name: required, email: required, loanType: required });
