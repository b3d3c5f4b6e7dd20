import { SMTPServer } from 'smtp-server'

export interface ReceivedMail {
  to: string[]
  raw: string
}

/**
 * A real SMTP server on loopback: the product talks SMTP to it exactly as it
 * would to a mail provider, and tests read what arrived.
 */
export async function startSmtpServer() {
  const received: ReceivedMail[] = []
  const waiters: Array<() => void> = []
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        received.push({ to: session.envelope.rcptTo.map((r) => r.address), raw: Buffer.concat(chunks).toString('utf8') })
        waiters.splice(0).forEach((w) => w())
        callback()
      })
    },
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const port = (server.server.address() as { port: number }).port

  return {
    url: `smtp://127.0.0.1:${port}`,
    received,
    /** The newest 6-digit code mailed to `to`, waiting up to `timeoutMs` for it. */
    async codeFor(to: string, timeoutMs = 10_000): Promise<string> {
      const deadline = Date.now() + timeoutMs
      for (;;) {
        const mail = received.filter((m) => m.to.includes(to.toLowerCase())).at(-1)
        const code = mail && /code is (\d{6})/.exec(mail.raw.replace(/=\r?\n/g, ''))?.[1]
        if (code) return code
        if (Date.now() > deadline) throw new Error(`no sign-in code mailed to ${to}`)
        await new Promise<void>((resolve) => {
          waiters.push(resolve)
          setTimeout(resolve, 200)
        })
      }
    },
    mailsTo(to: string) {
      return received.filter((m) => m.to.includes(to.toLowerCase()))
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export type SmtpServer = Awaited<ReturnType<typeof startSmtpServer>>
