import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { access } from "../access/plugin.ts";
import { IdParams } from "../../lib/model.ts";
import { RemindersResponse } from "./model.ts";
import { sendBulkReminders, sendReminder } from "./service.ts";

const plural = (n: number) => `${n} reminder email${n === 1 ? "" : "s"}`;

export const reminderRoutes = (ctx: AppContext) =>
  new Elysia({ name: "reminders", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .guard({ broker: true }, (app) =>
      app
        .post(
          "/customer/:id/send-reminder",
          ({ broker, params }) => {
            const sentCount = sendReminder(ctx, { broker, customerId: params.id });
            return { message: "Reminder email sent", sentCount };
          },
          { params: IdParams, response: RemindersResponse },
        )
        .post("/send-bulk-reminders", ({ broker }) => {
          const sentCount = sendBulkReminders(ctx, broker);
          return { message: `Sent ${plural(sentCount)}`, sentCount };
        }, { response: RemindersResponse }),
    );
