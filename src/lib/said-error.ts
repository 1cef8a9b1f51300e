// An error the customer portal says in its language (issue 44), thrown by its catalog message: the
// English `message` API clients and logs keep is the English catalog's words for that code, so the
// two are written once and cannot drift. error-handler.ts answers it as `{message, code, values}`.
import type { MessageKey, MessageValues } from "../shared/i18n/catalog.ts";
import { translate } from "../shared/i18n/translate.ts";
import { AppError, type AppErrorCode } from "./errors.ts";

export const saidError = (status: AppErrorCode, code: MessageKey, values?: MessageValues): AppError =>
  new AppError(status, translate("en", code, values), { reason: values ? { code, values } : { code } });
