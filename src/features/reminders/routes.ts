import { Elysia } from "elysia";
import type { AppContext } from "../../context.ts";
import { brokerAuth } from "../auth/plugin.ts";
import { IdParams } from "../customers/model.ts";
import { RemindersResponse } from "./model.ts";
import { sendBulkReminders, sendReminder } from "./service.ts";

const plural = (n: number) => `${n} reminder email${n === 1 ? "" : "s"}`;

export const reminderRoutes = (ctx: AppContext) =>
  new Elysia({ prefix: "/api" })
    .use(brokerAuth(ctx))
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
