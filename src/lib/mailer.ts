import nodemailer from "nodemailer";

export interface Mail {
  to: string;
  subject: string;
  text: string;
}

/** Sends e-mail; absent when no SMTP server is configured. */
export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/** A mailer over SMTP_URL (e.g. smtps://user:pass@smtp.example.com:465), or null without one. */
export function createMailer(smtpUrl: string | null, from: string): Mailer | null {
  if (!smtpUrl) return null;
  const transport = nodemailer.createTransport(smtpUrl);
  return {
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}
