import { t } from "elysia";

export const Health = t.Object({ status: t.Literal("ok") });
export const Ready = t.Object({
  status: t.Literal("ready"),
  checks: t.Object({ database: t.Literal("ok"), storage: t.Literal("ok") }),
});
