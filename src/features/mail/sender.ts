// Who an email says it comes from. Every email leaves from MAIL_FROM's address (the one the
// operator's relay and SPF/DKIM vouch for). An email from a broker to their customer shows the
// broker: its From line reads "Jane Broker via Broker Portal" (MAIL_FROM's own name after "via",
// so it is plain that the portal sent it; just "Jane Broker" when MAIL_FROM has no name) and a
// reply goes to the broker (Reply-To). System emails (codes, resets) keep MAIL_FROM as it is.
//
// The broker's name travels in the outbox row as the Reply-To mailbox's display name,
// `"Jane Broker" <jane@…>`, so the row says everything its delivery needs, and a row written
// before there was a name (a bare address) is sent from MAIL_FROM as before.
import type AddressParser from "nodemailer/lib/addressparser";
import { cleanName } from "../../shared/validation.ts";

type Mailbox = AddressParser.Address;

/** The broker as their customers know them: the company when the profile names one, else their own name. */
interface Broker {
  name: string;
  company: string | null;
  replyTo: string;
}

/** One line, no controls or bidi marks: a name read from an old row or a profile cannot forge a header. */
const oneLine = (name: string) => cleanName(name).slice(0, 120);

/** The broker's mailbox for Reply-To, `"Name" <address>`, quoted so a comma or a quote in the name stays in it. */
export function brokerMailbox(broker: Broker): string {
  const name = oneLine(broker.company ?? broker.name).replace(/["\\]/g, "\\$&");
  return name ? `"${name}" <${broker.replyTo}>` : broker.replyTo;
}

const firstMailbox = async (value: string): Promise<Mailbox | undefined> => {
  // nodemailer's own parser, loaded with nodemailer when the first email goes out (then from the module cache).
  const { default: parse } = await import("nodemailer/lib/addressparser");
  return parse(value, { flatten: true })[0];
};

/**
 * The From and Reply-To of one email: MAIL_FROM's address, named after the broker whose mailbox is
 * `replyTo` (null: a system email, From is MAIL_FROM unchanged). nodemailer quotes and encodes the
 * name.
 */
export async function senderHeaders(mailFrom: string, replyTo: string | null): Promise<{ from: string | Mailbox; replyTo?: string | Mailbox }> {
  if (!replyTo) return { from: mailFrom };
  const broker = await firstMailbox(replyTo);
  const portal = await firstMailbox(mailFrom);
  const name = oneLine(broker?.name ?? "");
  if (!broker?.address || !portal?.address || !name) return { from: mailFrom, replyTo };
  const portalName = oneLine(portal.name);
  return {
    from: { name: portalName ? `${name} via ${portalName}` : name, address: portal.address },
    replyTo: { name, address: broker.address },
  };
}
