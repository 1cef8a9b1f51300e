// The SMTP connection (nodemailer), one pooled transport per running app.
import nodemailer, { type Transporter } from "nodemailer";
import type SMTPTransport from "nodemailer/lib/smtp-transport";
import type { AppContext } from "../../context.ts";

const transports = new WeakMap<AppContext, Transporter>();

export function smtpTransport(ctx: AppContext): Transporter {
  let transport = transports.get(ctx);
  if (!transport) {
    transport = nodemailer.createTransport({
      url: ctx.config.smtpUrl!,
      pool: true,
      maxConnections: 4,
      connectionTimeout: 10_000,
      greetingTimeout: 10_000,
      socketTimeout: 30_000,
    } as SMTPTransport.Options);
    transports.set(ctx, transport);
  }
  return transport;
}

export function closeSmtpTransport(ctx: AppContext): void {
  transports.get(ctx)?.close();
  transports.delete(ctx);
}
