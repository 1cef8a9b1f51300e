import { t } from "elysia";

export const Health = t.Object({ status: t.Literal("ok") });
