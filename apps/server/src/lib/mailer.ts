import { createRequire } from 'node:module'
import type { FastifyBaseLogger } from 'fastify'
import type nodemailer from 'nodemailer'

export interface Mail {
  to: string
  subject: string
  text: string
}

export interface Mailer {
  send(mail: Mail): Promise<void>
  close(): void
}

/**
 * Mail over SMTP_URL. Without SMTP the message is written to the server log,
 * so a single self-hoster can still read their sign-in code.
 */
export function createMailer(options: { smtpUrl: string | undefined; from: string }, log: FastifyBaseLogger): Mailer {
  if (!options.smtpUrl) {
    return {
      async send(mail) {
        log.warn({ to: mail.to, subject: mail.subject }, `SMTP_URL is not set; mail not sent. ${mail.text}`)
      },
      close() {},
    }
  }
  // Loaded only with SMTP_URL: a server that logs its codes never needs it.
  const transport = (createRequire(import.meta.url)('nodemailer') as typeof nodemailer).createTransport(options.smtpUrl)
  return {
    async send(mail) {
      await transport.sendMail({ from: options.from, ...mail })
    },
    close() {
      transport.close()
    },
  }
}
