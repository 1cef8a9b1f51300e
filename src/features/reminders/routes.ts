import { Elysia } from "elysia";
import { contextSeed, type AppContext } from "../../context.ts";
import { access } from "../access/plugin.ts";
import { brokerActor } from "../audit/actor.ts";
import { IdParams } from "../../lib/model.ts";
import { CadenceBody, CustomerRemindersResponse, ReminderSettingsBody, ReminderSettingsResponse, RemindersResponse } from "./model.ts";
import { sendBulkReminders, sendReminder } from "./service.ts";
import { customerReminders, setCustomerCadence } from "./cadence.ts";
import { memberReminderSettings, saveReminderSettings, setRemindersPaused } from "./settings.ts";

const plural = (n: number) => `${n} reminder email${n === 1 ? "" : "s"}`;

export const reminderRoutes = (ctx: AppContext) =>
  new Elysia({ name: "reminders", seed: contextSeed(ctx), prefix: "/api" })
    .use(access(ctx))
    .post(
      "/customer/:id/send-reminder",
      async ({ broker, apiKey, member, params, request, server }) => {
        const sentCount = await sendReminder(ctx, { broker, member, customerId: params.id, actor: brokerActor(ctx, { broker, apiKey, request, server }) });
        return { message: "Reminder email sent", sentCount };
      },
      { broker: "write", params: IdParams, response: RemindersResponse },
    )
    .post("/send-bulk-reminders", async ({ broker, apiKey, member, request, server }) => {
      const sentCount = await sendBulkReminders(ctx, broker, member, brokerActor(ctx, { broker, apiKey, request, server }));
      return { message: `Sent ${plural(sentCount)}`, sentCount };
    }, { broker: "write", response: RemindersResponse })
    // Automatic reminders of one customer: the cadence on their open requests, and a pause.
    .get("/customers/:id/reminders", async ({ member, params }) => customerReminders(ctx, { member, customerId: params.id }), {
      broker: "read",
      params: IdParams,
      response: CustomerRemindersResponse,
    })
    .put(
      "/customers/:id/reminders/cadence",
      async ({ member, params, body }) => setCustomerCadence(ctx, { member, customerId: params.id, cadence: body.cadence }),
      { broker: "write", params: IdParams, body: CadenceBody, response: CustomerRemindersResponse },
    )
    .post(
      "/customers/:id/reminders/pause",
      async ({ member, params }) => {
        await setRemindersPaused(ctx, { member, customerId: params.id, paused: true });
        return customerReminders(ctx, { member, customerId: params.id });
      },
      { broker: "write", params: IdParams, response: CustomerRemindersResponse },
    )
    .post(
      "/customers/:id/reminders/resume",
      async ({ member, params }) => {
        await setRemindersPaused(ctx, { member, customerId: params.id, paused: false });
        return customerReminders(ctx, { member, customerId: params.id });
      },
      { broker: "write", params: IdParams, response: CustomerRemindersResponse },
    )
    .get("/reminder-settings", async ({ member }) => memberReminderSettings(ctx.db, member), { broker: "read", response: ReminderSettingsResponse })
    .put("/reminder-settings", async ({ member, body }) => saveReminderSettings(ctx, member, body), {
      broker: "write",
      body: ReminderSettingsBody,
      response: ReminderSettingsResponse,
    });
