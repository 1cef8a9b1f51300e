// The SMTP connection (nodemailer), one pooled transport per running app. nodemailer is loaded
// with the first mail sent through SMTP, not at start: a portal without SMTP_URL (the outbox
// only) never needs it.
import type { Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { AppContext } from "../../context.ts";
import { instanceState } from "../../lib/instance-state.ts";

const transports = instanceState(
  "SMTP connections",
  "per process",
  "each instance keeps its own pooled connections to the mail relay",
  new WeakMap<AppContext, Promise<Transporter>>(),
);

export function smtpTransport(ctx: AppContext): Promise<Transporter> {
  let transport = transports.get(ctx);
  if (!transport) {
    transport = import("nodemailer").then(({ default: nodemailer }) =>
      nodemailer.createTransport({
        url: ctx.config.smtpUrl!,
        pool: true,
        maxConnections: 4,
        connectionTimeout: 10_000,
        greetingTimeout: 10_000,
        socketTimeout: 30_000,
      } as SMTPTransport.Options),
    );
    transports.set(ctx, transport);
  }
  return transport;
}

export function closeSmtpTransport(ctx: AppContext): void {
  void transports.get(ctx)?.then((transport) => transport.close());
  transports.delete(ctx);
}
