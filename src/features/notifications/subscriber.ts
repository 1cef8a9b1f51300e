// Notifications as a side effect: each notification a published event's facts name is stored in
// the publishing transaction (its `notification_created` follows the event on the live channel).
// Registered by src/side-effects.ts; features publish the facts and never import the writer.
import type { UnitSubscriber } from "../../lib/unit.ts";
import { notifyCustomerTeam } from "./customer-team.ts";
import { addBrokerNotification, addCustomerNotification } from "./writer.ts";

export const notificationsOf: UnitSubscriber = async (unit, event) => {
  for (const fact of event.facts?.notify ?? []) {
    if (fact.to === "team") {
      const { to: _, ...team } = fact;
      await notifyCustomerTeam(unit, team);
    } else if (fact.to === "member") {
      const { to: _, memberId, ...notification } = fact;
      await addBrokerNotification(unit, memberId, notification);
    } else {
      const { to: _, customerId, ...notification } = fact;
      await addCustomerNotification(unit, customerId, notification);
    }
  }
};
