import { t } from "elysia";
import { EXPORT_SCOPES, MAX_EXPORT_CUSTOMERS, MAX_FILE_NAME_PATTERN_LENGTH } from "../../shared/export.ts";

const Scope = t.UnionEnum([...EXPORT_SCOPES], { error: "Scope must be approved or all." });

/** ?scope=approved|all (approved when left out). */
export const ExportQuery = t.Object({ scope: t.Optional(Scope) });

/** GET /api/customers/export?ids=a,b,c&scope=…: the same as the POST, as a link the browser can stream to disk. */
export const ExportCustomersQuery = t.Object({
  ids: t.String({ minLength: 1, maxLength: MAX_EXPORT_CUSTOMERS * 65, error: "Choose between 1 and 500 customers to export." }),
  scope: t.Optional(Scope),
});

export const ExportCustomersBody = t.Object({
  customerIds: t.Array(t.String({ maxLength: 64 }), { minItems: 1, maxItems: MAX_EXPORT_CUSTOMERS, error: "Choose between 1 and 500 customers to export." }),
  scope: t.Optional(Scope),
});

export const ExportSettingsDto = t.Object({
  fileNamePattern: t.String(),
  defaultPattern: t.String(),
});
export type ExportSettingsDto = typeof ExportSettingsDto.static;

export const UpdateExportSettingsBody = t.Object({
  fileNamePattern: t.String({ maxLength: MAX_FILE_NAME_PATTERN_LENGTH * 2, error: "Enter a file name pattern of at most 120 characters." }),
});
