// The conditions of the scheduler's partial indexes, written once for both schemas and the queries.
// SQLite uses a partial index only when the query's WHERE repeats the index's condition term for
// term, literals included (a bound parameter never matches a literal), so the scheduler's queries
// are built from these same strings (src/features/documents/lists.ts).
import { NOT_YET_UPLOADED } from "../src/shared/documents.ts";

/** A document still waiting for its first file: what can turn overdue. */
export const NOT_YET_UPLOADED_CONDITION = `status in (${NOT_YET_UPLOADED.map((s) => `'${s}'`).join(", ")})`;

/** A document whose single reminder has not gone out. */
export const REMINDER_NOT_SENT_CONDITION = "reminder_sent_at is null";
